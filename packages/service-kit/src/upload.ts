import { mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import type Koa from 'koa';
import { koaBody } from 'koa-body';
import { HttpError } from './errors';

export interface SingleFileOptions {
  /** The multipart field that carries the file. */
  field: string;
  maxBytes: number;
  /** Accepted types, as sniffed from the bytes (never the name or the declared type). */
  accept: readonly string[];
  messages: {
    /** Not multipart at all (415). */
    notMultipart: string;
    /** Larger than maxBytes (413). */
    tooLarge: string;
    /** Anything but exactly one part, the file (400). */
    onlyTheFile: string;
    /** A multipart body that cannot be read, or without the file (400). */
    missing: string;
    /** The bytes are not one of the accepted types (415). */
    wrongType: string;
  };
}

/** The one file of a request, on disk until the request ends: stream it where it belongs. */
export interface UploadedFile {
  path: string;
  size: number;
  /** Sniffed from the first bytes. */
  mime: string;
}

/** formidable's error codes (formidable/src/FormidableError.js) that mean "more than one file part". */
const TOO_MANY = new Set([1006, 1007, 1015]);
const TOO_BIG = new Set([1009, 1016]);
/** What the type of a file can be told from (file-type's own figure). */
const SNIFF_BYTES = 4100;

async function head(file: string): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * One file part, `field`, through koa-body: formidable streams it to a temporary file while it
 * arrives, stopping at maxBytes, at a second file or at more than a few bytes of other fields, so
 * memory holds none of it. Then exactly one part must be there, and its type is taken from its bytes
 * (file-type). The file is `ctx.state.file` (UploadedFile) for the handler, which streams it on
 * (to S3: ObjectStore.putFile); it is deleted when the request ends, whatever happened.
 */
export function singleFileUpload(options: SingleFileOptions): Koa.Middleware {
  const parser = (uploadDir: string) => koaBody({
    multipart: true,
    json: false,
    urlencoded: false,
    text: false,
    formidable: {
      uploadDir,
      maxFiles: 1,
      maxFileSize: options.maxBytes,
      maxTotalFileSize: options.maxBytes,
      maxFields: 1,
      maxFieldsSize: 1024,
      allowEmptyFiles: false,
      keepExtensions: false,
    },
    onError: (error) => {
      const code = (error as { code?: number }).code ?? -1;
      if (TOO_BIG.has(code)) throw new HttpError(413, options.messages.tooLarge);
      if (TOO_MANY.has(code)) throw new HttpError(400, options.messages.onlyTheFile);
      throw new HttpError(400, options.messages.missing);
    },
  });
  return async (ctx, next) => {
    if (!ctx.is('multipart/form-data')) throw new HttpError(415, options.messages.notMultipart);
    // A folder per request: a part cut short by a limit leaves nothing behind either.
    const uploadDir = await mkdtemp(path.join(os.tmpdir(), 'upload-'));
    try {
      await parser(uploadDir)(ctx, async () => undefined);
      const files = ctx.request.files ?? {};
      const fields = Object.keys((ctx.request.body as Record<string, unknown> | undefined) ?? {});
      const names = Object.keys(files);
      if (fields.length > 0 || names.length > 1 || (names.length === 1 && names[0] !== options.field)) {
        throw new HttpError(400, options.messages.onlyTheFile);
      }
      const part = files[options.field];
      if (!part || Array.isArray(part) || part.size === 0) throw new HttpError(400, options.messages.missing);
      const detected = await fileTypeFromBuffer(await head(part.filepath));
      if (!detected || !options.accept.includes(detected.mime)) throw new HttpError(415, options.messages.wrongType);
      ctx.state.file = { path: part.filepath, size: part.size, mime: detected.mime } satisfies UploadedFile;
      await next();
    } finally {
      await rm(uploadDir, { recursive: true, force: true });
    }
  };
}
