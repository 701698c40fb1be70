import type Koa from 'koa';
import multer from 'multer';
import { HttpError } from './errors';

export interface SingleFileOptions {
  /** The multipart field that carries the file. */
  field: string;
  maxBytes: number;
  messages: {
    /** Not multipart at all (415). */
    notMultipart: string;
    /** Larger than maxBytes (413). */
    tooLarge: string;
    /** Anything but exactly one part, the file (400). */
    onlyTheFile: string;
    /** A multipart body that cannot be read, or without the file (400). */
    missing: string;
  };
}

export interface UploadedFile {
  bytes: Buffer;
  size: number;
}

const EXTRA_PART_CODES = new Set(['LIMIT_PART_COUNT', 'LIMIT_FIELD_COUNT', 'LIMIT_FILE_COUNT', 'LIMIT_UNEXPECTED_FILE']);

/**
 * Reads exactly one multipart part, the file in `field`, into `ctx.state.file` (UploadedFile). Any
 * other field or a second file ends the upload at once, and the size limit stops the stream as it
 * passes, so nothing beyond one file of at most maxBytes is ever held in memory.
 */
export function singleFileUpload(options: SingleFileOptions): Koa.Middleware {
  const single = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: options.maxBytes, files: 1, fields: 0, parts: 1 },
  }).single(options.field);
  return async (ctx, next) => {
    if (!ctx.is('multipart/form-data')) throw new HttpError(415, options.messages.notMultipart);
    let file: { buffer: Buffer; size: number } | undefined;
    try {
      // multer is written for node's req/res; it leaves the file on req.file.
      await new Promise<void>((resolve, reject) => {
        single(ctx.req as never, ctx.res as never, (error?: unknown) => (error ? reject(error) : resolve()));
      });
      file = (ctx.req as unknown as { file?: { buffer: Buffer; size: number } }).file;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'LIMIT_FILE_SIZE') throw new HttpError(413, options.messages.tooLarge);
      if (code && EXTRA_PART_CODES.has(code)) throw new HttpError(400, options.messages.onlyTheFile);
      throw new HttpError(400, options.messages.missing);
    }
    if (!file || file.size === 0) throw new HttpError(400, options.messages.missing);
    ctx.state.file = { bytes: file.buffer, size: file.size } satisfies UploadedFile;
    await next();
  };
}
