import { crc32, deflateRawSync } from 'node:zlib';
import * as CFB from 'cfb';

/**
 * Real files, built from their formats, for the upload tests and the api-fuzz: the Office
 * packages as zip writers lay them out (stored entries, ZIP64 local headers, sizes in data
 * descriptors) and compound files written by a compound-file writer (`cfb`).
 */
export interface ZipEntryOptions {
  /** ZIP64 local header: sizes 0xFFFFFFFF in the header, the real ones in the ZIP64 extra field (streaming writers). */
  zip64?: boolean;
  /** General-purpose bit 3: the local header holds no CRC or sizes; a data descriptor follows the data. */
  dataDescriptor?: boolean;
  /** Deflated (method 8) instead of stored. */
  deflate?: boolean;
  /** The uncompressed size the headers declare, when it should not be the truth (a bomb). */
  declaredSize?: number;
}

export function zipArchive(entries: [name: string, data: Buffer | string, options?: ZipEntryOptions][]): Buffer {
  const parts: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content, options = {}] of entries) {
    const raw = Buffer.isBuffer(content) ? content : Buffer.from(content);
    const data = options.deflate ? deflateRawSync(raw) : raw;
    const size = options.declaredSize ?? raw.length;
    const fileName = Buffer.from(name);
    const crc = crc32(raw);
    const method = options.deflate ? 8 : 0;
    const flags = options.dataDescriptor ? 0x0008 : 0;
    const zip64Extra = Buffer.alloc(20);
    zip64Extra.writeUInt16LE(0x0001, 0);
    zip64Extra.writeUInt16LE(16, 2);
    zip64Extra.writeBigUInt64LE(BigInt(data.length), 4);
    zip64Extra.writeBigUInt64LE(BigInt(data.length), 12);
    const localExtra = options.zip64 ? zip64Extra : Buffer.alloc(0);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(options.zip64 ? 45 : 20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    if (!options.dataDescriptor) {
      local.writeUInt32LE(crc, 14);
      local.writeUInt32LE(options.zip64 ? 0xffffffff : data.length, 18);
      local.writeUInt32LE(options.zip64 ? 0xffffffff : size, 22);
    }
    local.writeUInt16LE(fileName.length, 26);
    local.writeUInt16LE(localExtra.length, 28);
    const descriptor = Buffer.alloc(options.dataDescriptor ? 16 : 0);
    if (options.dataDescriptor) {
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(crc, 4);
      descriptor.writeUInt32LE(data.length, 8);
      descriptor.writeUInt32LE(size, 12);
    }
    const centralExtra = options.zip64 ? zip64Extra : Buffer.alloc(0);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(options.zip64 ? 45 : 20, 4);
    central.writeUInt16LE(options.zip64 ? 45 : 20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(options.zip64 ? 0xffffffff : data.length, 20);
    central.writeUInt32LE(options.zip64 ? 0xffffffff : size, 24);
    central.writeUInt16LE(fileName.length, 28);
    central.writeUInt16LE(centralExtra.length, 30);
    central.writeUInt32LE(offset, 42);
    parts.push(local, fileName, localExtra, data, descriptor);
    centrals.push(central, fileName, centralExtra);
    offset += local.length + fileName.length + localExtra.length + data.length + descriptor.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

const OOXML = 'application/vnd.openxmlformats-officedocument';
const contentTypes = (overrides: [part: string, type: string][], defaults: [extension: string, type: string][] = []) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
  `<Default Extension="xml" ContentType="application/xml"/>` +
  defaults.map(([extension, type]) => `<Default Extension="${extension}" ContentType="${type}"/>`).join('') +
  overrides.map(([part, type]) => `<Override PartName="${part}" ContentType="${type}"/>`).join('') +
  `</Types>`;

const DOCX_TYPES = contentTypes([['/word/document.xml', `${OOXML}.wordprocessingml.document.main+xml`]]);
const XLSX_TYPES = contentTypes([['/xl/workbook.xml', `${OOXML}.spreadsheetml.sheet.main+xml`]]);
const XLSM_TYPES = contentTypes(
  [['/xl/workbook.xml', 'application/vnd.ms-excel.sheet.macroEnabled.main+xml']],
  [['bin', 'application/vnd.ms-office.vbaProject']],
);

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A cell of xlsxWorkbook: text (a shared string), a number, a date (a serial with a date format), a percentage or a formula with its cached value. */
export type XlsxCell = string | number | { date: number } | { percent: number } | { formula: string; cached: string | number } | null;

/**
 * An XLSX as Excel writes one: shared strings, a styles part with a date and a percentage format,
 * cell references on every cell, several sheets; entries deflated.
 */
export function xlsxWorkbook(sheets: Record<string, XlsxCell[][]>, options: { sheetDeclaredSize?: number } = {}): Buffer {
  const shared: string[] = [];
  const sharedIndex = new Map<string, number>();
  const stringCell = (text: string) => {
    if (!sharedIndex.has(text)) {
      sharedIndex.set(text, shared.length);
      shared.push(text);
    }
    return sharedIndex.get(text)!;
  };
  const column = (index: number) => {
    let name = '';
    for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
    return name;
  };
  const names = Object.keys(sheets);
  const sheetParts = names.map((name) => {
    const rows = sheets[name]!.map((row, r) => {
      const cells = row
        .map((cell, c) => {
          const ref = `${column(c)}${r + 1}`;
          if (cell === null) return '';
          if (typeof cell === 'string') return `<c r="${ref}" t="s"><v>${stringCell(cell)}</v></c>`;
          if (typeof cell === 'number') return `<c r="${ref}"><v>${cell}</v></c>`;
          if ('date' in cell) return `<c r="${ref}" s="1"><v>${cell.date}</v></c>`;
          if ('percent' in cell) return `<c r="${ref}" s="2"><v>${cell.percent}</v></c>`;
          const cached = typeof cell.cached === 'string' ? ` t="str"` : '';
          return `<c r="${ref}"${cached}><f>${xmlText(cell.formula)}</f><v>${xmlText(String(cell.cached))}</v></c>`;
        })
        .join('');
      return `<row r="${r + 1}">${cells}</row>`;
    });
    return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows.join('')}</sheetData></worksheet>`;
  });
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const workbook = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="${main}" xmlns:r="${rel}"><sheets>${names
    .map((name, index) => `<sheet name="${xmlText(name)}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`)
    .join('')}</sheets></workbook>`;
  const workbookRels = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${names
    .map((_, index) => `<Relationship Id="rId${index + 1}" Type="${rel}/worksheet" Target="worksheets/sheet${index + 1}.xml"/>`)
    .join('')}</Relationships>`;
  const styles = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><styleSheet xmlns="${main}"><numFmts count="1"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/></numFmts><cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="164" applyNumberFormat="1"/><xf numFmtId="10" applyNumberFormat="1"/></cellXfs></styleSheet>`;
  const sharedXml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="${main}" count="${shared.length}" uniqueCount="${shared.length}">${shared
    .map((text) => `<si><t xml:space="preserve">${xmlText(text)}</t></si>`)
    .join('')}</sst>`;
  return zipArchive([
    ['[Content_Types].xml', XLSX_TYPES, { deflate: true }],
    ['xl/workbook.xml', workbook, { deflate: true }],
    ['xl/_rels/workbook.xml.rels', workbookRels, { deflate: true }],
    ['xl/styles.xml', styles, { deflate: true }],
    ['xl/sharedStrings.xml', sharedXml, { deflate: true }],
    ...sheetParts.map(
      (part, index) =>
        [
          `xl/worksheets/sheet${index + 1}.xml`,
          part,
          { deflate: true, ...(index === 0 && options.sheetDeclaredSize ? { declaredSize: options.sheetDeclaredSize } : {}) },
        ] as [string, string, ZipEntryOptions],
    ),
  ]);
}

/** Bytes that compress badly, so an entry's size is what it says. */
function noise(length: number): Buffer {
  const bytes = Buffer.alloc(length);
  let state = 0x9e3779b9;
  for (let index = 0; index < length; index += 1) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[index] = state & 0xff;
  }
  return bytes;
}

/** A compound file (OLE2) holding these root streams, as Word and Excel 97-2003 write them. */
export function compoundFile(streams: Record<string, Buffer | string>): Buffer {
  const container = CFB.utils.cfb_new();
  for (const [name, data] of Object.entries(streams))
    CFB.utils.cfb_add(container, `/${name}`, Buffer.isBuffer(data) ? data : Buffer.from(data, 'utf16le'));
  return Buffer.from(CFB.write(container, { type: 'buffer' }) as Buffer);
}

const CFB_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export const FILE_SAMPLES = {
  pdf: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  docx: zipArchive([
    ['[Content_Types].xml', DOCX_TYPES],
    ['word/document.xml', '<w:document/>'],
  ]),
  xlsx: zipArchive([
    ['[Content_Types].xml', XLSX_TYPES],
    ['xl/workbook.xml', '<workbook/>'],
  ]),
  /** A streaming writer's DOCX: the first entry's local header is ZIP64. */
  docxZip64: zipArchive([
    ['word/document.xml', '<w:document/>', { zip64: true }],
    ['[Content_Types].xml', DOCX_TYPES],
  ]),
  /** Every entry with its sizes in a data descriptor, [Content_Types].xml last. */
  xlsxDataDescriptor: zipArchive([
    ['xl/workbook.xml', '<workbook/>', { dataDescriptor: true }],
    ['[Content_Types].xml', XLSX_TYPES, { dataDescriptor: true }],
  ]),
  /** A macro-enabled workbook whose first entry (the macros, over 1 MB) has its sizes in a data descriptor. */
  xlsm: zipArchive([
    ['xl/vbaProject.bin', noise(1_200_000), { dataDescriptor: true }],
    ['xl/workbook.xml', '<workbook/>', { dataDescriptor: true }],
    ['[Content_Types].xml', XLSM_TYPES, { dataDescriptor: true }],
  ]),
  /** A ZIP whose [Content_Types].xml names a main part the archive does not hold. */
  docxWithoutDocument: zipArchive([
    ['[Content_Types].xml', DOCX_TYPES],
    ['word/other.xml', '<x/>'],
  ]),
  /** A ZIP cut short: no central directory. */
  zipTruncated: zipArchive([
    ['[Content_Types].xml', DOCX_TYPES],
    ['word/document.xml', '<w:document/>'],
  ]).subarray(0, 120),
  doc: compoundFile({ WordDocument: 'Documento do Word 97' }),
  xls: compoundFile({ Workbook: 'Pasta de trabalho do Excel 97' }),
  /** An installer is a compound file too, with neither a Word nor an Excel stream. */
  msi: compoundFile({ SummaryInformation: 'Instalador' }),
  /** A compound file whose text mentions a "MacBook" (a Book in UTF-16) without being a workbook. */
  macBook: compoundFile({ SummaryInformation: 'Orçamento do MacBook Pro' }),
  /** The compound-file signature and then an HTML page that names the Word stream. */
  cfbHtml: Buffer.concat([
    CFB_SIGNATURE,
    Buffer.from('<html><script>alert(1)</script>'),
    Buffer.from('WordDocument', 'utf16le'),
    Buffer.from('</html>'),
  ]),
  png: Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f0bd6b0000000049454e44ae426082',
    'hex',
  ),
  exe: Buffer.concat([
    Buffer.from('MZ'),
    Buffer.alloc(58),
    Buffer.from([0x80, 0, 0, 0]),
    Buffer.alloc(64),
    Buffer.from('PE\0\0'),
    Buffer.alloc(300),
  ]),
};
