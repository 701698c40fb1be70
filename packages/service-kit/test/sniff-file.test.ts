import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { FILE_SAMPLES, zipArchive } from '../src/file-samples';
import { sniffFile } from '../src/upload';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'sniff-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function sniff(bytes: Buffer): Promise<string | undefined> {
  const file = path.join(dir, `${Math.random()}`);
  await writeFile(file, bytes);
  return sniffFile(file);
}

describe('sniffFile: a type from the bytes, never a guess and never an error', () => {
  test.each([
    ['pdf', 'application/pdf'],
    ['docx', DOCX],
    ['xlsx', XLSX],
    ['docxZip64', DOCX],
    ['xlsxDataDescriptor', XLSX],
    ['doc', 'application/msword'],
    ['xls', 'application/vnd.ms-excel'],
    ['png', 'image/png'],
    // Refused by every upload: a macro-enabled or incomplete package, a ZIP cut short, compound files
    // that are neither Word nor Excel, and bytes that only start like a compound file.
    ['xlsm', 'application/zip'],
    ['docxWithoutDocument', 'application/zip'],
    ['zipTruncated', 'application/zip'],
    ['msi', 'application/x-cfb'],
    ['macBook', 'application/x-cfb'],
    ['cfbHtml', 'application/x-cfb'],
  ] as const)('%s is %s', async (sample, mime) => {
    expect(await sniff(FILE_SAMPLES[sample])).toBe(mime);
  });

  test('a [Content_Types].xml larger than any real one is not inflated: the package is refused', async () => {
    const huge = `<Types><Override PartName="/word/document.xml" ContentType="${DOCX}.main+xml"/>${' '.repeat(300 * 1024)}</Types>`;
    expect(
      await sniff(
        zipArchive([
          ['[Content_Types].xml', huge],
          ['word/document.xml', '<w:document/>'],
        ]),
      ),
    ).toBe('application/zip');
  });

  test('a package declaring both a document and a workbook is neither', async () => {
    const both = `<Types><Override PartName="/word/document.xml" ContentType="${DOCX}.main+xml"/><Override PartName="/xl/workbook.xml" ContentType="${XLSX}.main+xml"/></Types>`;
    expect(
      await sniff(
        zipArchive([
          ['[Content_Types].xml', both],
          ['word/document.xml', '<w:document/>'],
          ['xl/workbook.xml', '<workbook/>'],
        ]),
      ),
    ).toBe('application/zip');
  });

  test('bytes with no known signature are unknown, unless they read as text', async () => {
    expect(await sniff(Buffer.from([0x01, 0x02, 0x03, 0x00, 0x10, 0x11, 0x12, 0x13]))).toBeUndefined();
    expect(await sniff(Buffer.from('texto qualquer'))).toBe('text/plain');
    expect(await sniff(Buffer.from('Nome;Cidade\r\nJos\xe9;S\xe3o Paulo\r\n', 'latin1'))).toBe('text/plain');
    expect(await sniff(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Nome\tCidade', 'utf16le')]))).toBe('text/plain');
  });
});
