import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows, as its content streams draw it: each stream inflated (Flate), each text
 * operator's strings (pdfkit writes them as hex of the standard fonts' WinAnsi codes) decoded and joined, a line
 * per operator. Enough to read what our own PDFs say (standard fonts, no CMaps).
 */
/** The standard fonts' encoding (WinAnsi is Windows-1252): '—' is 0x97, 'ç' 0xE7. */
const WIN_ANSI = new TextDecoder('windows-1252');

export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  const source = pdf.toString('latin1');
  const streams = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
  for (let match = streams.exec(source); match; match = streams.exec(source)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    const operators = /\[((?:[^\]]*))\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g;
    for (let op = operators.exec(content); op; op = operators.exec(content)) {
      const hex = op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((part) => part[1]!).join('') : op[2]!;
      lines.push(WIN_ANSI.decode(Buffer.from(hex, 'hex')));
    }
  }
  return lines.join('\n');
}
