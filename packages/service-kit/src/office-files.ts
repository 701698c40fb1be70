import { readFile } from 'node:fs/promises';
import * as CFB from 'cfb';
import yauzl from 'yauzl';

export const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const DOC = 'application/msword';
export const XLS = 'application/vnd.ms-excel';
/** A ZIP that is not a plain DOCX or XLSX (macro-enabled, template, other package, plain archive). */
export const ZIP = 'application/zip';
/** A compound file that is neither a Word nor an Excel 97-2003 file (an installer, a broken file). */
export const COMPOUND_FILE = 'application/x-cfb';

/** The main part's content type in [Content_Types].xml: the only thing that says what a package is. */
const MAIN_PARTS: Readonly<Record<string, string>> = {
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml': DOCX,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml': XLSX,
};
/** Content types that make a package carry code: refused whatever else it holds. */
const MACRO_TYPE = /macroEnabled|vbaProject|vnd\.ms-office\.activeX|vnd\.ms-excel\.(?:intl)?macrosheet/i;
/** [Content_Types].xml is a few KiB; inflating more than this is a bomb or not an Office file. */
const CONTENT_TYPES_MAX_BYTES = 256 * 1024;
/** Entries of the central directory looked at before giving up (a real DOCX has tens). */
const MAX_ENTRIES = 20_000;

function zipEntries(file: string): Promise<yauzl.ZipFile> {
  // lazyEntries: the directory is read entry by entry and we stop at the one we need.
  return yauzl.openPromise(file, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false });
}

/** The directory's entry names and [Content_Types].xml's text (inflated up to the cap), or null. */
async function readPackage(file: string): Promise<{ names: Set<string>; contentTypes: string } | null> {
  const zip = await zipEntries(file);
  try {
    const names = new Set<string>();
    let contentTypesEntry: yauzl.Entry | null = null;
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: yauzl.Entry) => {
        names.add(entry.fileName);
        if (entry.fileName === '[Content_Types].xml') contentTypesEntry = entry;
        if (names.size >= MAX_ENTRIES) resolve();
        else zip.readEntry();
      });
      zip.once('end', () => resolve());
      zip.once('error', reject);
      zip.readEntry();
    });
    const entry = contentTypesEntry as yauzl.Entry | null;
    if (!entry || entry.uncompressedSize > CONTENT_TYPES_MAX_BYTES) return null;
    const stream = await zip.openReadStreamPromise(entry);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      // validateEntrySizes already stops a stream longer than its header says; this is the cap.
      if (size > CONTENT_TYPES_MAX_BYTES) {
        stream.destroy();
        return null;
      }
      chunks.push(chunk);
    }
    return { names, contentTypes: Buffer.concat(chunks).toString('utf8') };
  } finally {
    zip.close();
  }
}

const attribute = (tag: string, name: string) =>
  new RegExp(`\\b${name}\\s*=\\s*"([^"]*)"`, 'i').exec(tag)?.[1] ?? new RegExp(`\\b${name}\\s*=\\s*'([^']*)'`, 'i').exec(tag)?.[1];

/**
 * What an Office Open XML package is, from its own [Content_Types].xml (found through the ZIP's
 * central directory, so ZIP64 entries, data descriptors and a large first entry change nothing):
 * DOCX or XLSX when exactly one main part of those types exists in the archive and nothing declares
 * macros; anything else is ZIP (refused by every upload).
 */
export async function officeZipKind(file: string): Promise<string> {
  let pkg: Awaited<ReturnType<typeof readPackage>>;
  try {
    pkg = await readPackage(file);
  } catch {
    return ZIP; // not a readable ZIP: never guessed from the first bytes
  }
  if (!pkg) return ZIP;
  const tags = pkg.contentTypes.match(/<(?:Override|Default)\b[^>]*>/gi) ?? [];
  const kinds = new Set<string>();
  for (const tag of tags) {
    const type = attribute(tag, 'ContentType') ?? '';
    if (MACRO_TYPE.test(type)) return ZIP;
    const kind = MAIN_PARTS[type.trim()];
    const part = attribute(tag, 'PartName');
    if (kind && part && pkg.names.has(part.replace(/^\//, ''))) kinds.add(kind);
  }
  if ([...pkg.names].some((name) => /vbaProject\.bin$/i.test(name))) return ZIP;
  return kinds.size === 1 ? [...kinds][0]! : ZIP;
}

/**
 * What a compound file (OLE2) is, from its directory (the `cfb` parser): a Word 97-2003 document
 * holds a `WordDocument` stream at its root, an Excel one a `Workbook` (or, before Excel 97, `Book`)
 * stream. Anything else, or bytes the parser cannot read as a compound file, stays a compound file.
 */
export async function compoundFileKind(file: string): Promise<string> {
  let container: CFB.CFB$Container;
  try {
    container = CFB.read(await readFile(file), { type: 'buffer' });
  } catch {
    return COMPOUND_FILE;
  }
  const STREAM = 2;
  const rootStreams = new Set(
    container.FileIndex.flatMap((entry, index) => {
      const path = container.FullPaths[index] ?? '';
      // Root-level streams only: "Root Entry/WordDocument", never one nested in a storage.
      return entry.type === STREAM && path.split('/').filter(Boolean).length === 2 ? [entry.name] : [];
    }),
  );
  const word = rootStreams.has('WordDocument');
  const excel = rootStreams.has('Workbook') || rootStreams.has('Book');
  if (word === excel) return COMPOUND_FILE;
  return word ? DOC : XLS;
}
