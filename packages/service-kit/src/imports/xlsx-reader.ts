import { IMPORT_LIMITS } from '@corretora/contracts';
import { SaxesParser } from 'saxes';
import yauzl from 'yauzl';

/**
 * Reads one sheet of an XLSX as rows of text, without a spreadsheet library: the parts needed
 * (workbook, its relationships, shared strings, styles, the sheet) are inflated from the ZIP as
 * streams and parsed by saxes as they arrive, so memory holds the rows and never the XML.
 *
 * A ZIP bomb is refused before anything is inflated: the central directory's declared sizes of the
 * parts read must stay under the caps, and yauzl (validateEntrySizes) stops a stream that inflates
 * past what its entry declared. Formulas are never evaluated: a cell gives its cached value.
 */

export const XLSX_LIMITS = {
  /** A sheet of 100,000 rows of a wide export is well under this. */
  sheetBytes: 256 * 1024 * 1024,
  sharedStringsBytes: 128 * 1024 * 1024,
  otherPartBytes: 8 * 1024 * 1024,
};

/** A file that cannot be imported, with the pt-BR reason (a 400, or 413 when `status` says). */
export class SheetFileError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 = 400,
  ) {
    super(message);
  }
}

export const TOO_MANY_ROWS = 'A planilha tem mais de 100.000 linhas. Divida o arquivo e importe em partes.';

/** More data rows than an import takes. */
export class RowLimitError extends SheetFileError {
  constructor() {
    super(TOO_MANY_ROWS, 413);
  }
}

const thousands = (value: number) => value.toLocaleString('pt-BR');
export const ROW_TOO_LONG = (line: number) =>
  `A linha ${line} da planilha tem mais de ${thousands(IMPORT_LIMITS.rowChars)} caracteres: confira o arquivo (colunas coladas ou textos repetidos) e envie de novo.`;
export const FILE_TOO_LONG = `A planilha tem mais de ${thousands(IMPORT_LIMITS.fileChars / 1_000_000)} milhões de caracteres de dados: divida o arquivo e importe em partes.`;

/**
 * What a file expands to, counted as its rows are read (each cell cut to its first 5,000
 * characters): a row or a file over its bound stops the reading with a 413, before the rest of the
 * file is read and before anything is stored. `chars` is what the rows hold (the import keeps it).
 */
export class SheetBudget {
  chars = 0;

  /** The row's cells cut to the cell bound, counted; throws past the row's or the file's bound. */
  take(cells: string[], line: number): string[] {
    let row = 0;
    for (let index = 0; index < cells.length; index += 1) {
      const cell = cells[index]!;
      if (cell.length > IMPORT_LIMITS.cellChars) cells[index] = cell.slice(0, IMPORT_LIMITS.cellChars);
      row += cells[index]!.length;
    }
    if (row > IMPORT_LIMITS.rowChars) throw new SheetFileError(ROW_TOO_LONG(line), 413);
    this.chars += row;
    if (this.chars > IMPORT_LIMITS.fileChars) throw new SheetFileError(FILE_TOO_LONG, 413);
    return cells;
  }
}

/**
 * The longest run of characters between two '<' that a part may carry; the rest of a longer run is
 * dropped before the XML parser sees it, since the parser gathers a text node whole before handing
 * it over (a 99 KB workbook held one 100,000,000-character string). Excel's longest cell, 32,767
 * characters, is under 200,000 even written as entities, so no real workbook is cut.
 */
const RUN_MAX = 256 * 1024;

/** A stateful filter over a part's decoded text that cuts every run between '<' to RUN_MAX. */
function runLimiter(): (text: string) => string {
  let run = 0;
  return (text) => {
    let cut = false;
    let length = run;
    for (let index = text.indexOf('<'), start = 0; ; index = text.indexOf('<', start)) {
      const end = index < 0 ? text.length : index;
      if (length + end - start > RUN_MAX) cut = true;
      if (index < 0) {
        length += end - start;
        break;
      }
      length = 1;
      start = index + 1;
    }
    if (!cut) {
      run = length;
      return text;
    }
    let out = '';
    for (let index = text.indexOf('<'), start = 0; ; index = text.indexOf('<', start)) {
      const end = index < 0 ? text.length : index;
      const room = Math.max(0, RUN_MAX - run);
      out += text.slice(start, start + Math.min(room, end - start));
      run += Math.min(room, end - start);
      if (index < 0) return out;
      out += '<';
      run = 1;
      start = index + 1;
    }
  };
}

/** At most this many distinct shared strings (a sheet of 100,000 rows × 20 text columns has 2 million). */
const SHARED_STRINGS_MAX = 3_000_000;

const CORRUPT = 'Não foi possível ler a planilha: o arquivo XLSX está corrompido.';
const TOO_BIG = 'A planilha descompactada é grande demais para importar (arquivo suspeito).';

function openZip(path: string): Promise<yauzl.ZipFile> {
  return yauzl.openPromise(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: false });
}

async function listEntries(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  const entries = new Map<string, yauzl.Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.set(entry.fileName.replace(/^\/+/, ''), entry);
      if (entries.size > 50_000) reject(new SheetFileError(CORRUPT));
      else zip.readEntry();
    });
    zip.once('end', () => resolve());
    zip.once('error', () => reject(new SheetFileError(CORRUPT)));
    zip.readEntry();
  });
  return entries;
}

/** Streams a part through a SAX parser; `open`/`text`/`close` see its elements by local name. */
async function parsePart(
  zip: yauzl.ZipFile,
  entry: yauzl.Entry,
  cap: number,
  handlers: {
    open?: (name: string, attributes: Record<string, string>) => void;
    text?: (text: string) => void;
    close?: (name: string) => void;
  },
): Promise<void> {
  if (entry.uncompressedSize > cap) throw new SheetFileError(TOO_BIG);
  const parser = new SaxesParser({ xmlns: false });
  const local = (name: string) => name.slice(name.indexOf(':') + 1);
  parser.on('error', () => {
    throw new SheetFileError(CORRUPT);
  });
  if (handlers.open) {
    const open = handlers.open;
    parser.on('opentag', (tag) => open(local(tag.name), tag.attributes as Record<string, string>));
  }
  if (handlers.text) parser.on('text', handlers.text);
  if (handlers.close) {
    const close = handlers.close;
    parser.on('closetag', (tag) => close(local(tag.name)));
  }
  let stream: NodeJS.ReadableStream;
  try {
    stream = await zip.openReadStreamPromise(entry);
  } catch {
    throw new SheetFileError(CORRUPT);
  }
  const decoder = new TextDecoder('utf-8');
  const limit = runLimiter();
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) parser.write(limit(decoder.decode(chunk, { stream: true })));
    parser.write(limit(decoder.decode())).close();
  } catch (error) {
    if (error instanceof SheetFileError) throw error;
    throw new SheetFileError(CORRUPT);
  }
}

function resolveTarget(base: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1);
  const parts = base.split('/').slice(0, -1);
  for (const part of target.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** 'B' -> 1, 'AA' -> 26: the column of a cell reference. */
function columnIndex(reference: string): number {
  let index = 0;
  for (const char of reference) {
    const code = char.charCodeAt(0);
    if (code < 65 || code > 90) break;
    index = index * 26 + (code - 64);
  }
  return index - 1;
}

/** Built-in number formats that are dates (ECMA-376 18.8.30) and percentages. */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 22, 27, 30, 36, 50, 57]);
const PERCENT_FORMAT_IDS = new Set([9, 10]);

type CellFormat = 'date' | 'percent' | 'general';

function formatOfCode(code: string): CellFormat {
  const bare = code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, '');
  if (bare.includes('%')) return 'percent';
  return /[dmy]/i.test(bare) && !/^[#0.,\s]*$/.test(bare) ? 'date' : 'general';
}

const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

function serialToBrDate(text: string): string {
  const serial = Math.floor(Number(text));
  if (!Number.isFinite(serial) || serial < 1 || serial > 2_958_465) return text;
  const iso = new Date(EXCEL_EPOCH_MS + serial * 86_400_000).toISOString();
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

/** 0.125 in a percent cell reads as '12.5' (what a broker typed), exact to 1e-9. */
function percentText(text: string): string {
  const value = Number(text);
  if (!Number.isFinite(value)) return text;
  return String(Number((value * 100).toFixed(9)));
}

export interface XlsxSheet {
  sheets: string[];
  sheet: string;
  rows: string[][];
}

export async function readXlsx(path: string, wantedSheet: string | undefined, maxRows: number, budget: SheetBudget): Promise<XlsxSheet> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(path);
  } catch {
    throw new SheetFileError(CORRUPT);
  }
  try {
    const entries = await listEntries(zip);
    const part = (name: string) => entries.get(name);

    const workbook = part('xl/workbook.xml');
    if (!workbook) throw new SheetFileError(CORRUPT);
    const sheets: { name: string; relation: string }[] = [];
    await parsePart(zip, workbook, XLSX_LIMITS.otherPartBytes, {
      open: (name, attributes) => {
        if (name === 'sheet' && sheets.length < 1000) {
          const relation = Object.entries(attributes).find(([key]) => key === 'r:id' || key.endsWith(':id'))?.[1];
          if (attributes.name && relation) sheets.push({ name: attributes.name, relation });
        }
      },
    });
    if (sheets.length === 0) throw new SheetFileError(CORRUPT);
    const chosen = wantedSheet ? sheets.find((sheet) => sheet.name === wantedSheet) : sheets[0];
    if (!chosen) throw new SheetFileError(`A planilha não tem a aba "${wantedSheet}". Abas: ${sheets.map((s) => s.name).join(', ')}.`);

    const targets = new Map<string, string>();
    const relations = part('xl/_rels/workbook.xml.rels');
    if (relations)
      await parsePart(zip, relations, XLSX_LIMITS.otherPartBytes, {
        open: (name, attributes) => {
          if (name === 'Relationship' && attributes.Id && attributes.Target) targets.set(attributes.Id, attributes.Target);
        },
      });
    const sheetPath = resolveTarget('xl/workbook.xml', targets.get(chosen.relation) ?? '');
    const sheetEntry = part(sheetPath);
    if (!sheetEntry) throw new SheetFileError(CORRUPT);
    const sharedEntry = part('xl/sharedStrings.xml');
    if (sheetEntry.uncompressedSize > XLSX_LIMITS.sheetBytes || (sharedEntry?.uncompressedSize ?? 0) > XLSX_LIMITS.sharedStringsBytes)
      throw new SheetFileError(TOO_BIG);

    // Styles: which cell formats are dates or percentages.
    const formats: CellFormat[] = [];
    const styles = part('xl/styles.xml');
    if (styles) {
      const custom = new Map<number, CellFormat>();
      let inCellXfs = false;
      await parsePart(zip, styles, XLSX_LIMITS.otherPartBytes, {
        open: (name, attributes) => {
          if (name === 'numFmt' && attributes.numFmtId) custom.set(Number(attributes.numFmtId), formatOfCode(attributes.formatCode ?? ''));
          else if (name === 'cellXfs') inCellXfs = true;
          else if (name === 'xf' && inCellXfs) {
            const id = Number(attributes.numFmtId ?? 0);
            formats.push(DATE_FORMAT_IDS.has(id) ? 'date' : PERCENT_FORMAT_IDS.has(id) ? 'percent' : (custom.get(id) ?? 'general'));
          }
        },
        close: (name) => {
          if (name === 'cellXfs') inCellXfs = false;
        },
      });
    }

    // Each string is cut to the cell's bound as it is read; their total is bounded like the file's.
    const shared: string[] = [];
    if (sharedEntry) {
      let current = '';
      let inText = false;
      let inPhonetic = false;
      let total = 0;
      await parsePart(zip, sharedEntry, XLSX_LIMITS.sharedStringsBytes, {
        open: (name) => {
          if (name === 'si') current = '';
          else if (name === 't' && !inPhonetic) inText = true;
          else if (name === 'rPh') inPhonetic = true;
        },
        text: (text) => {
          if (inText && current.length < IMPORT_LIMITS.cellChars) current += text.slice(0, IMPORT_LIMITS.cellChars - current.length);
        },
        close: (name) => {
          if (name === 't') inText = false;
          else if (name === 'rPh') inPhonetic = false;
          else if (name === 'si') {
            total += current.length;
            if (shared.length >= SHARED_STRINGS_MAX || total > IMPORT_LIMITS.fileChars) throw new SheetFileError(FILE_TOO_LONG, 413);
            shared.push(current);
          }
        },
      });
    }

    const rows: string[][] = [];
    let row: string[] = [];
    let cell = { column: 0, type: 'n', style: 0 };
    let value = '';
    let inValue = false;
    let nextColumn = 0;
    await parsePart(zip, sheetEntry, XLSX_LIMITS.sheetBytes, {
      open: (name, attributes) => {
        if (name === 'row') {
          row = [];
          nextColumn = 0;
        } else if (name === 'c') {
          const column = attributes.r ? columnIndex(attributes.r.toUpperCase()) : nextColumn;
          cell = {
            column: column >= 0 && column < 16_384 ? column : nextColumn,
            type: attributes.t ?? 'n',
            style: Number(attributes.s ?? 0),
          };
          nextColumn = cell.column + 1;
          value = '';
        } else if (name === 'v' || (name === 't' && cell.type === 'inlineStr')) {
          inValue = true;
        }
      },
      text: (text) => {
        if (inValue && value.length < IMPORT_LIMITS.cellChars) value += text.slice(0, IMPORT_LIMITS.cellChars - value.length);
      },
      close: (name) => {
        if (name === 'v' || name === 't') inValue = false;
        else if (name === 'c') {
          let text = value;
          if (cell.type === 's') text = shared[Number(value)] ?? '';
          else if (cell.type === 'b') text = value === '1' ? 'VERDADEIRO' : 'FALSO';
          else if (cell.type === 'n' && value !== '') {
            const format = formats[cell.style];
            if (format === 'date') text = serialToBrDate(value);
            else if (format === 'percent') text = percentText(value);
          }
          if (cell.column < 1000) row[cell.column] = text;
        } else if (name === 'row') {
          if (row.some((text) => text !== undefined && text.trim() !== '')) {
            // Counted as it is read: a file that expands past its bounds stops here, its rest unread.
            rows.push(
              budget.take(
                Array.from(row, (text) => text ?? ''),
                rows.length + 1,
              ),
            );
            if (rows.length > maxRows + 1) throw new RowLimitError();
          }
        }
      },
    });
    return { sheets: sheets.map((sheet) => sheet.name), sheet: chosen.name, rows };
  } finally {
    zip.close();
  }
}
