import { readFile } from 'node:fs/promises';
import { IMPORT_MAX_ROWS } from '@corretora/contracts';
import { HttpError } from '../errors';
import { looksLikeText, type UploadedFile } from '../upload';
import { parse } from 'csv-parse/sync';
import { RowLimitError, SheetBudget, SheetFileError, readXlsx } from './xlsx-reader';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** What an import reads from its file: the header row and the data rows, cells as text. */
export interface SheetFile {
  /** 'utf-8', 'utf-8-bom', 'utf-16le', 'windows-1252' or 'xlsx'. */
  encoding: string;
  delimiter: string | null;
  sheets: string[];
  sheet: string | null;
  headers: string[];
  /** Each data row with its line in the file (1 is the header row's line in a text file). */
  rows: { line: number; cells: string[] }[];
  /** The characters its cells hold (header included): what storing it costs. */
  chars: number;
}

const NOT_A_SHEET = 'O arquivo não é uma planilha: envie CSV, TXT ou XLSX.';
const EMPTY = 'A planilha está vazia: a primeira linha deve ter os nomes das colunas.';

/** The bytes as text: a BOM says the encoding; else UTF-8 when the bytes are valid UTF-8, else Windows-1252 (what Excel in pt-BR writes). */
export function decodeText(bytes: Buffer): { text: string; encoding: string } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'utf-8-bom' };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'utf-16le' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

const DELIMITERS = [';', '\t', ','] as const;

/** Counts a delimiter per line outside quotes, over the first lines. */
function countsPerLine(text: string, delimiter: string): number[] {
  const counts: number[] = [];
  let count = 0;
  let quoted = false;
  for (let index = 0; index < text.length && counts.length < 30; index += 1) {
    const char = text[index];
    if (char === '"') quoted = !quoted;
    else if (!quoted && char === delimiter) count += 1;
    else if (!quoted && char === '\n') {
      counts.push(count);
      count = 0;
    }
  }
  if (counts.length < 30 && count > 0) counts.push(count);
  return counts;
}

/**
 * The delimiter the file uses: the one that splits the header into the most columns and the
 * following lines into as many; ';' wins a tie (pt-BR Excel), then tab, then ','.
 */
export function sniffDelimiter(text: string): string {
  let best: { delimiter: string; score: number } = { delimiter: ';', score: -1 };
  for (const delimiter of DELIMITERS) {
    const counts = countsPerLine(text, delimiter).filter((count, index) => index === 0 || count > 0);
    const header = counts[0] ?? 0;
    if (header === 0) continue;
    const agreeing = counts.filter((count) => count === header).length;
    const score = agreeing * 1000 + header;
    if (score > best.score) best = { delimiter, score };
  }
  return best.delimiter;
}

/** Header texts: trimmed, a blank one named by its position, repeated ones numbered. */
function headerNames(cells: string[]): string[] {
  const seen = new Map<string, number>();
  return cells.map((cell, index) => {
    let name = cell.replace(/\s+/g, ' ').trim().slice(0, 200) || `Coluna ${index + 1}`;
    const times = (seen.get(name) ?? 0) + 1;
    seen.set(name, times);
    if (times > 1) name = `${name} (${times})`;
    return name;
  });
}

/** Header and data rows; a budget given counts (and cuts) each row as it is taken, one already counted while reading is not. */
function fromRows(rows: string[][], lineOf: (index: number) => number, budget: SheetBudget | null): Pick<SheetFile, 'headers' | 'rows'> {
  const headerIndex = rows.findIndex((row) => row.some((cell) => cell.trim() !== ''));
  if (headerIndex < 0) throw new SheetFileError(EMPTY);
  const headers = headerNames(rows[headerIndex]!);
  if (headers.length > 200) throw new SheetFileError('A planilha tem mais de 200 colunas.');
  budget?.take(rows[headerIndex]!, lineOf(headerIndex));
  const data: SheetFile['rows'] = [];
  for (let index = headerIndex + 1; index < rows.length; index += 1) {
    const row = rows[index]!;
    if (!row.some((cell) => cell.trim() !== '')) continue;
    // The parser's own array when it already fits (no copy of every row); cells cut to their bound.
    const cells = row.length === headers.length ? row : headers.map((_, column) => row[column] ?? '');
    data.push({ line: lineOf(index), cells: budget ? budget.take(cells, lineOf(index)) : cells });
  }
  if (data.length > IMPORT_MAX_ROWS) throw new RowLimitError();
  if (data.length === 0) throw new SheetFileError('A planilha não tem linhas de dados abaixo do cabeçalho.');
  return { headers, rows: data };
}

/** readSheetFile for a handler: a file that is no sheet, an empty or an oversized one, is the 4xx its message says. */
export async function readUploadedSheet(file: UploadedFile, sheet: string | undefined): Promise<SheetFile> {
  try {
    return await readSheetFile(file, sheet);
  } catch (error) {
    if (error instanceof SheetFileError) throw new HttpError(error.status, error.message);
    throw error;
  }
}

/** Reads an uploaded CSV/TXT or XLSX (the upload sniffed XLSX from its bytes; anything else must be text). */
export async function readSheetFile(file: UploadedFile, sheet: string | undefined): Promise<SheetFile> {
  const budget = new SheetBudget();
  if (file.mime === XLSX_MIME) {
    const xlsx = await readXlsx(file.path, sheet, IMPORT_MAX_ROWS, budget);
    const read = fromRows(xlsx.rows, (index) => index + 1, null);
    return { encoding: 'xlsx', delimiter: null, sheets: xlsx.sheets, sheet: xlsx.sheet, ...read, chars: budget.chars };
  }
  const bytes = await readFile(file.path);
  if (!looksLikeText(bytes.subarray(0, 64 * 1024))) throw new SheetFileError(NOT_A_SHEET);
  const { text, encoding } = decodeText(bytes);
  const delimiter = sniffDelimiter(text);
  // Each record's line in the file (where it ends: a quoted cell may span lines), kept beside it
  // rather than through csv-parse's `info` object per record (50,000 objects the preview never needs).
  const lines: number[] = [];
  let rows: string[][];
  try {
    rows = parse(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      to: IMPORT_MAX_ROWS + 50,
      on_record: (record: string[], context) => {
        lines.push(context.lines);
        return record;
      },
    }) as string[][];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new SheetFileError(`Não foi possível ler o CSV${line ? ` (linha ${line})` : ''}: confira as aspas e o separador.`);
  }
  const read = fromRows(rows, (index) => lines[index]!, budget);
  return { encoding, delimiter, sheets: [], sheet: null, ...read, chars: budget.chars };
}
