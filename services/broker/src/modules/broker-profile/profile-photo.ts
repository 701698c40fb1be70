import { HttpError } from '@corretora/service-kit';
import multer from 'multer';
import { fromBuffer } from 'file-type';
import type Koa from 'koa';

export const MAX_PHOTO_BYTES = 2 * 1024 * 1024;
const ACCEPTED = new Set(['image/jpeg', 'image/png']);

// Exactly one part, the file: any other field or a second file ends the upload at once, so nothing
// beyond the one photo is ever held in memory.
const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 0, parts: 1 } });
const ONLY_THE_PHOTO = 'Envie apenas a foto, no campo "photo".';
const EXTRA_PART_CODES = new Set(['LIMIT_PART_COUNT', 'LIMIT_FIELD_COUNT', 'LIMIT_FILE_COUNT', 'LIMIT_UNEXPECTED_FILE']);

/** Reads the multipart `photo` field, turning multer's limits into our pt-BR answers. */
export function photoUpload(): Koa.Middleware {
  const single = upload.single('photo');
  return async (ctx, next) => {
    if (!ctx.is('multipart/form-data')) throw new HttpError(415, 'Envie a foto como multipart/form-data no campo "photo".');
    try {
      // multer is written for node's req/res; it leaves the file on req.file.
      await new Promise<void>((resolve, reject) => {
        single(ctx.req as never, ctx.res as never, (error?: unknown) => (error ? reject(error) : resolve()));
      });
      ctx.state.file = (ctx.req as unknown as { file?: Express.Multer.File }).file;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'LIMIT_FILE_SIZE') throw new HttpError(413, 'A foto deve ter no máximo 2 MB.');
      if (code && EXTRA_PART_CODES.has(code)) throw new HttpError(400, ONLY_THE_PHOTO);
      throw new HttpError(400, 'Envie uma imagem JPG ou PNG no campo "photo".');
    }
    await next();
  };
}

/** The type comes from the bytes, never from the file name or the declared type. */
export async function sniffPhoto(bytes: Buffer | undefined): Promise<string> {
  if (!bytes || bytes.length === 0) throw new HttpError(400, 'Envie uma imagem JPG ou PNG no campo "photo".');
  const detected = await fromBuffer(bytes);
  if (!detected || !ACCEPTED.has(detected.mime)) throw new HttpError(415, 'Envie uma imagem JPG ou PNG.');
  return detected.mime;
}
