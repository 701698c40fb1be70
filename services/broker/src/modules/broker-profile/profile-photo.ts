import type { Readable } from 'node:stream';
import { singleFileUpload } from '@corretora/service-kit';

export const MAX_PHOTO_BYTES = 2 * 1024 * 1024;

/** The multipart `photo` field, alone, at most 2 MB, a JPG or PNG by its bytes. */
export const photoUpload = () =>
  singleFileUpload({
    field: 'photo',
    maxBytes: MAX_PHOTO_BYTES,
    accept: ['image/jpeg', 'image/png'],
    messages: {
      notMultipart: 'Envie a foto como multipart/form-data no campo "photo".',
      tooLarge: 'A foto deve ter no máximo 2 MB.',
      onlyTheFile: 'Envie apenas a foto, no campo "photo".',
      missing: 'Envie uma imagem JPG ou PNG no campo "photo".',
      wrongType: 'Envie uma imagem JPG ou PNG.',
    },
  });

export const MAX_LOGO_BYTES = 1024 * 1024;

/** The multipart `logo` field, alone, at most 1 MB, a PNG or JPG by its bytes. */
export const logoUpload = () =>
  singleFileUpload({
    field: 'logo',
    maxBytes: MAX_LOGO_BYTES,
    accept: ['image/png', 'image/jpeg'],
    messages: {
      notMultipart: 'Envie o logotipo como multipart/form-data no campo "logo".',
      tooLarge: 'O logotipo deve ter no máximo 1 MB.',
      onlyTheFile: 'Envie apenas o logotipo, no campo "logo".',
      missing: 'Envie uma imagem PNG ou JPG no campo "logo".',
      wrongType: 'Envie o logotipo como imagem PNG ou JPG.',
    },
  });

/** A stored photo as the answer: its type and size, cached for good (its address changes with it), never sniffed. */
export function sendPhoto(
  ctx: { type: string; length: number; set(name: string, value: string): void; body: unknown },
  photo: { stream: Readable; contentType: string; size: number },
): undefined {
  ctx.type = photo.contentType;
  ctx.length = photo.size;
  ctx.set('Cache-Control', 'private, max-age=31536000, immutable');
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.body = photo.stream;
  return undefined;
}
