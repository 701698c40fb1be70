import { formatDate, formatMoney, lineLabel, wireToCents, type PublicComparison } from '@corretora/contracts';
import PDFDocument from 'pdfkit';
import { coverageCell, paymentLines } from './comparison-content';

const reais = (wire: string | null) => (wire === null ? '—' : formatMoney(wireToCents(wire)));

/**
 * The client's comparison as a PDF (A4 landscape): the brokerage, what is insured, then the quotes
 * side by side — premium, payment, franquia, each coverage row by row — never the commission.
 */
export function comparisonPdf(
  content: Omit<PublicComparison, 'createdAt' | 'expiresAt'>,
  day: string,
  logo: Buffer | null = null,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({
      size: 'A4',
      layout: 'landscape',
      margin: 36,
      info: { Title: `Comparativo de cotações — ${content.brokerage.name}`, Author: content.brokerage.name },
    });
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);

    const { brokerage } = content;
    if (logo) brokerageLogo(pdf, logo);
    pdf.font('Helvetica-Bold').fontSize(15).text('Comparativo de cotações');
    pdf.font('Helvetica').fontSize(9).moveDown(0.2);
    pdf.text(
      [brokerage.name, brokerage.cnpj && `CNPJ ${brokerage.cnpj}`, brokerage.susep && `SUSEP ${brokerage.susep}`]
        .filter(Boolean)
        .join(' — '),
    );
    pdf.text(`Para: ${content.clientName}${content.insuredItem ? ` · ${content.insuredItem}` : ''} · ${formatDate(day)}`);
    pdf.moveDown(0.8);

    const left = pdf.page.margins.left;
    const width = pdf.page.width - left - pdf.page.margins.right;
    const labelWidth = 150;
    const column = (width - labelWidth) / Math.max(content.quotes.length, 1);
    const row = (label: string, cells: string[], bold = false) => {
      const heights = [label, ...cells].map((text, index) =>
        pdf
          .font(bold || index === 0 ? 'Helvetica-Bold' : 'Helvetica')
          .fontSize(8)
          .heightOfString(text, { width: (index === 0 ? labelWidth : column) - 6 }),
      );
      const height = Math.max(...heights) + 6;
      if (pdf.y + height > pdf.page.height - pdf.page.margins.bottom) pdf.addPage();
      const y = pdf.y;
      pdf
        .font('Helvetica-Bold')
        .fontSize(8)
        .text(label, left, y + 3, { width: labelWidth - 6 });
      cells.forEach((cell, index) =>
        pdf
          .font(bold ? 'Helvetica-Bold' : 'Helvetica')
          .fontSize(8)
          .text(cell, left + labelWidth + index * column, y + 3, { width: column - 6 }),
      );
      pdf
        .moveTo(left, y + height)
        .lineTo(left + width, y + height)
        .strokeColor('#dddddd')
        .stroke();
      pdf.x = left;
      pdf.y = y + height;
    };
    const quotes = content.quotes;
    row(
      'Seguradora',
      quotes.map((quote) => `${quote.insurerName}${quote.recommended ? ' (recomendada)' : ''}`),
      true,
    );
    row(
      'Ramo',
      quotes.map((quote) => lineLabel(quote.line)),
    );
    row(
      'Prêmio total',
      quotes.map((quote) => reais(quote.totalPremium)),
      true,
    );
    row(
      'IOF',
      quotes.map((quote) => reais(quote.iof)),
    );
    row(
      'Pagamento',
      quotes.map((quote) => paymentLines(quote).join('\n') || '—'),
    );
    row(
      'Franquia',
      quotes.map((quote) => (quote.deductible ? `${quote.deductible.kind === 'isenta' ? 'Isenta' : reais(quote.deductible.amount)}` : '—')),
    );
    const keys = [...new Map(quotes.flatMap((quote) => quote.coverages.map((coverage) => [coverage.key, coverage.label] as const)))];
    for (const [key, label] of keys)
      row(
        label,
        quotes.map((quote) => coverageCell(quote, key)),
      );
    row(
      'Válida até',
      quotes.map((quote) => (quote.validUntil ? formatDate(quote.validUntil) : '—')),
    );
    pdf
      .moveDown()
      .fontSize(7.5)
      .fillColor('#555555')
      .text(
        'Valores informados pelas seguradoras na data da cotação, sujeitos à aceitação do risco. As condições gerais de cada seguradora prevalecem.',
        left,
      );
    pdf.end();
  });
}

/** The brokerage's logo above the title, at most 160 × 48 pt; an image pdfkit cannot read is left out (the PDF goes on). */
function brokerageLogo(pdf: PDFKit.PDFDocument, logo: Buffer): void {
  const top = pdf.y;
  try {
    pdf.image(logo, pdf.page.margins.left, top, { fit: [160, 48] });
    pdf.y = top + 56;
  } catch {
    pdf.y = top;
  }
}
