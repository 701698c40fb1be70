import { mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileTypeFromFile } from 'file-type';
import type Koa from 'koa';
import { koaBody } from 'koa-body';
import { countUpload } from './account-limits';
import { HttpError } from './errors';
import { compoundFileKind, officeZipKind } from './office-files';

export interface SingleFileOptions {
  /** The multipart field that carries the file. */
  field: string;
  /** Short text fields allowed beside the file (each at most 2 KB); any other field is refused. */
  fields?: readonly string[];
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
  /** Sniffed from the bytes. */
  mime: string;
  /** The name the browser gave it (display only: never a path, never trusted for the type). */
  originalName: string;
  /** The allowed text fields that came with it. */
  fields: Record<string, string>;
}

/** formidable's error codes (formidable/src/FormidableError.js) that mean "more than one file part". */
const TOO_MANY = new Set([1006, 1007, 1015]);
const TOO_BIG = new Set([1009, 1016]);
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

async function firstBytes(file: string, length: number): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(length), 0, length, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * The type of a file from its bytes, or undefined when nothing can be told (always refused).
 * Office files are read as what they are, never guessed: a ZIP by its [Content_Types].xml (through
 * the central directory), a compound file by the streams in its directory (office-files.ts). The
 * rest is file-type's; a file it cannot read (it throws on some truncated or unusual inputs) is
 * unknown, never an error.
 */
export async function sniffFile(file: string): Promise<string | undefined> {
  const head = await firstBytes(file, CFB_MAGIC.length);
  if (head.subarray(0, ZIP_MAGIC.length).equals(ZIP_MAGIC)) return officeZipKind(file);
  if (head.equals(CFB_MAGIC)) return compoundFileKind(file);
  let detected: string | undefined;
  try {
    detected = (await fileTypeFromFile(file))?.mime;
  } catch {
    detected = undefined;
  }
  if (detected) return detected;
  return looksLikeText(await firstBytes(file, TEXT_SAMPLE_BYTES)) ? TEXT : undefined;
}

/** Plain text (a CSV, a TXT): what sniffFile says of bytes no format claims and that read as text. */
export const TEXT = 'text/plain';
const TEXT_SAMPLE_BYTES = 64 * 1024;

/**
 * Text, or not: a UTF-16 BOM, or no NUL and almost no control characters (one in a thousand bytes:
 * a stray form feed) in the first 64 KiB. An image, a PDF or an executable has plenty.
 */
export function looksLikeText(head: Buffer): boolean {
  if (head.length === 0) return false;
  if (head[0] === 0xff && head[1] === 0xfe) return true;
  let control = 0;
  for (const byte of head) {
    if (byte === 0) return false;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) control += 1;
  }
  return control <= head.length / 1000;
}

/**
 * One file part, `field`, through koa-body: formidable streams it to a temporary file while it
 * arrives, stopping at maxBytes, at a second file or at more than a few bytes of other fields, so
 * memory holds none of it. Then exactly one part must be there, and its type is taken from its bytes
 * (file-type). The file is `ctx.state.file` (UploadedFile) for the handler, which streams it on
 * (to S3: ObjectStore.putFile); it is deleted when the request ends, whatever happened.
 */
export function singleFileUpload(options: SingleFileOptions): Koa.Middleware {
  const parser = (uploadDir: string) =>
    koaBody({
      multipart: true,
      json: false,
      urlencoded: false,
      text: false,
      formidable: {
        uploadDir,
        maxFiles: 1,
        maxFileSize: options.maxBytes,
        maxTotalFileSize: options.maxBytes,
        maxFields: Math.max(1, options.fields?.length ?? 0),
        maxFieldsSize: 2048 * Math.max(1, options.fields?.length ?? 0),
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
    await countUpload(ctx);
    // A folder per request: a part cut short by a limit leaves nothing behind either.
    const uploadDir = await mkdtemp(path.join(os.tmpdir(), 'upload-'));
    try {
      await parser(uploadDir)(ctx, async () => undefined);
      const files = ctx.request.files ?? {};
      const body = (ctx.request.body as Record<string, unknown> | undefined) ?? {};
      const allowed = new Set(options.fields ?? []);
      const names = Object.keys(files);
      const texts = Object.entries(body);
      if (
        texts.some(([name, value]) => !allowed.has(name) || typeof value !== 'string') ||
        names.length > 1 ||
        (names.length === 1 && names[0] !== options.field)
      ) {
        throw new HttpError(400, options.messages.onlyTheFile);
      }
      const part = files[options.field];
      if (!part || Array.isArray(part) || part.size === 0) throw new HttpError(400, options.messages.missing);
      const mime = await sniffFile(part.filepath);
      if (!mime || !options.accept.includes(mime)) throw new HttpError(415, options.messages.wrongType);
      ctx.state.file = {
        path: part.filepath,
        size: part.size,
        mime,
        originalName: part.originalFilename ?? 'arquivo',
        fields: Object.fromEntries(texts) as Record<string, string>,
      } satisfies UploadedFile;
      await next();
    } finally {
      await rm(uploadDir, { recursive: true, force: true });
    }
  };
}
