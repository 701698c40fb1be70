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
