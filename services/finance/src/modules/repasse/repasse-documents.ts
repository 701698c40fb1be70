import { formatCnpj, formatMoney, monthName, wireToCents } from '@corretora/contracts';
import { csvDocument, csvMoney } from '@corretora/service-kit';
import PDFDocument from 'pdfkit';

/** A ledger line as the CSV and the PDF print it. */
export interface PrintedLine {
  month: string;
  kind: 'repasse' | 'estorno' | 'ajuste';
  who: string;
  role: 'producer' | 'angariador';
  policyNumber: string | null;
  contactName: string | null;
  base: string;
  share: string;
  percent: string;
  amount: string;
  /** Which instalment it paid and when: two lines of one policy told apart. */
  instalmentNumber: number | null;
  instalmentCount: number | null;
  paidOn: string | null;
}

/** Who issues and who receives a statement: the brokerage by name and CNPJ, the member by name and e-mail. */
export interface StatementParties {
  brokerage: { name: string; cnpj: string | null } | null;
  member: { name: string; email: string | null };
}

const instalmentLabel = (line: PrintedLine) =>
  line.instalmentNumber === null ? '' : `${line.instalmentNumber}/${line.instalmentCount ?? line.instalmentNumber}`;
const dayLabel = (day: string | null) => (day ? day.split('-').reverse().join('/') : '');

const KIND_LABELS = { repasse: 'Repasse', estorno: 'Estorno', ajuste: 'Ajuste' } as const;
const ROLE_LABELS = { producer: 'Produtor', angariador: 'Angariador' } as const;

/** '2026-11' -> 'novembro de 2026'. */
export const monthLabel = monthName;

/** A numeric(…, 2) from pg ('40.00', '-21.56') as cents. */
const cents = (value: string): number => wireToCents(value) ?? 0;

/** '40.00' -> '40%', '12.50' -> '12,5%'. */
function percentLabel(value: string): string {
  return `${Number(value).toLocaleString('pt-BR', { maximumFractionDigits: 2 })}%`;
}

export function repasseCsv(lines: readonly PrintedLine[]): string {
  return csvDocument([
    [
      'Mês',
      'Participante',
      'Papel',
      'Tipo',
      'Apólice',
      'Parcela',
      'Pago em',
      'Cliente',
      'Comissão recebida',
      'Participação (%)',
      'Regra (%)',
      'Repasse',
    ],
    ...lines.map((line) => [
      line.month.split('-').reverse().join('/'),
      line.who,
      ROLE_LABELS[line.role],
      KIND_LABELS[line.kind],
      line.policyNumber ?? '',
      instalmentLabel(line),
      dayLabel(line.paidOn),
      line.contactName ?? '',
      csvMoney(line.base),
      line.share.replace('.', ','),
      line.percent.replace('.', ','),
      csvMoney(line.amount),
    ]),
  ]);
}

/**
 * One member's month as a PDF (A4): the member, the month, a line per commission
 * (policy, client, received, share, rule, repasse) and the total. Helvetica's WinAnsi encoding
 * carries every pt-BR letter.
 */
export function repassePdf(input: { month: string; closed: boolean; lines: readonly PrintedLine[] } & StatementParties): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({
      size: 'A4',
      margin: 40,
      info: {
        Title: `Demonstrativo de repasse — ${input.member.name} — ${monthLabel(input.month)}`,
        Author: input.brokerage?.name ?? 'Corretora CRM',
      },
    });
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);

    pdf.font('Helvetica-Bold').fontSize(16).text('Demonstrativo de repasse');
    pdf.font('Helvetica').fontSize(10).moveDown(0.3);
    if (input.brokerage)
      pdf.text(`Corretora: ${input.brokerage.name}${input.brokerage.cnpj ? ` — CNPJ ${formatCnpj(input.brokerage.cnpj)}` : ''}`);
    pdf.text(`Participante: ${input.member.name}${input.member.email ? ` (${input.member.email})` : ''}`);
    pdf.text(`Mês: ${monthLabel(input.month)}${input.closed ? ' (fechado)' : ' (em aberto: pode mudar até o fechamento)'}`);
    pdf.moveDown();

    const columns = [
      { title: 'Apólice', width: 70 },
      { title: 'Parc.', width: 35 },
      { title: 'Pago em', width: 55 },
      { title: 'Cliente', width: 100 },
      { title: 'Tipo', width: 45 },
      { title: 'Recebido', width: 60, right: true },
      { title: 'Part.', width: 35, right: true },
      { title: 'Regra', width: 35, right: true },
      { title: 'Repasse', width: 80, right: true },
    ];
    const row = (cells: string[], bold = false) => {
      if (pdf.y > pdf.page.height - 80) pdf.addPage();
      const y = pdf.y;
      let x = pdf.page.margins.left;
      pdf.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5);
      cells.forEach((cell, index) => {
        const column = columns[index]!;
        pdf.text(cell, x, y, { width: column.width - 4, align: column.right ? 'right' : 'left', lineBreak: false, ellipsis: true });
        x += column.width;
      });
      pdf.x = pdf.page.margins.left;
      pdf.y = y + 14;
    };
    row(
      columns.map((column) => column.title),
      true,
    );
    for (const line of input.lines)
      row([
        line.policyNumber ?? '—',
        instalmentLabel(line) || '—',
        dayLabel(line.paidOn) || '—',
        line.contactName ?? '—',
        KIND_LABELS[line.kind],
        formatMoney(cents(line.base)),
        percentLabel(line.share),
        percentLabel(line.percent),
        formatMoney(cents(line.amount)),
      ]);
    if (input.lines.length === 0) pdf.font('Helvetica').fontSize(9).text('Nenhum repasse neste mês.');
    const total = input.lines.reduce((sum, line) => sum + cents(line.amount), 0);
    pdf.moveDown();
    pdf
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(`Total do mês: ${formatMoney(total)}`, { align: 'right' });
    pdf.end();
  });
}
