import { HttpError, singleFileUpload } from '@corretora/service-kit';
import { fromBuffer } from 'file-type';

export const MAX_PHOTO_BYTES = 2 * 1024 * 1024;
const ACCEPTED = new Set(['image/jpeg', 'image/png']);

/** The multipart `photo` field, alone, at most 2 MB. */
export const photoUpload = () =>
  singleFileUpload({
    field: 'photo',
    maxBytes: MAX_PHOTO_BYTES,
    messages: {
      notMultipart: 'Envie a foto como multipart/form-data no campo "photo".',
      tooLarge: 'A foto deve ter no máximo 2 MB.',
      onlyTheFile: 'Envie apenas a foto, no campo "photo".',
      missing: 'Envie uma imagem JPG ou PNG no campo "photo".',
    },
  });

/** The type comes from the bytes, never from the file name or the declared type. */
export async function sniffPhoto(bytes: Buffer): Promise<string> {
  const detected = await fromBuffer(bytes);
  if (!detected || !ACCEPTED.has(detected.mime)) throw new HttpError(415, 'Envie uma imagem JPG ou PNG.');
  return detected.mime;
}
