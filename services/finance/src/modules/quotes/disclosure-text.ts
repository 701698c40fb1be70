import { formatDate, formatMoney, lineLabel, type DisclosureForPrint, type LineKey } from '@corretora/contracts';
import PDFDocument from 'pdfkit';

/** What one disclosure says: the brokerage, the client, the contract offered and the figures of item IV. */
export interface DisclosureFacts {
  print: DisclosureForPrint;
  clientName: string;
  insurerName: string;
  line: LineKey;
  insurerQuoteNumber: string | null;
  /** The commercial premium (the quote's net premium, before IOF) and the remuneration, in cents. */
  commercialPremium: number;
  commissionPercent: string;
  remuneration: number;
  /** The day it is made available (São Paulo), ISO. */
  day: string;
  /** The insurers the brokerage has registered: the item III list when its profile names none. */
  registeredInsurers: readonly string[];
}

const percent = (wire: string) => `${wire.replace('.', ',')}%`;

/**
 * The disclosure's paragraphs in order (Resolução CNSP 382/2020, art. 4º, §1º, I a IV): the PDF
 * prints them, the e-mail carries them as text. Each item says what holds, never leaves it blank.
 */
export function disclosureParagraphs(facts: DisclosureFacts): { title: string; lines: string[] }[] {
  const { brokerage, disclosure } = facts.print;
  const holdings = (list: readonly { insurer: string; percent: string }[]) =>
    list.map((holding) => `${holding.insurer}: ${percent(holding.percent)}`);
  const insurers = disclosure.insurers.length ? disclosure.insurers : facts.registeredInsurers;
  return [
    {
      title: 'Corretora',
      lines: [
        brokerage.name,
        ...(brokerage.cnpj ? [`CNPJ ${brokerage.cnpj}`] : []),
        ...(brokerage.susep ? [`Registro SUSEP ${brokerage.susep}`] : []),
        ...(brokerage.address ? [brokerage.address] : []),
      ],
    },
    {
      title: 'Contrato oferecido',
      lines: [
        `Cliente: ${facts.clientName}`,
        `Seguradora: ${facts.insurerName}`,
        `Ramo: ${lineLabel(facts.line)}`,
        ...(facts.insurerQuoteNumber ? [`Cotação da seguradora nº ${facts.insurerQuoteNumber}`] : []),
      ],
    },
    {
      title: 'IV — Remuneração da corretora por este contrato',
      lines: [
        `Prêmio comercial: ${formatMoney(facts.commercialPremium)}`,
        `Remuneração da corretora (comissão de ${percent(facts.commissionPercent)} sobre o prêmio comercial): ${formatMoney(facts.remuneration)}`,
      ],
    },
    {
      title: 'I — Participação da corretora em seguradoras (10% ou mais)',
      lines: disclosure.insurerHoldings.length
        ? holdings(disclosure.insurerHoldings)
        : ['A corretora não detém participação de 10% ou mais no capital de seguradora.'],
    },
    {
      title: 'II — Participação de seguradoras na corretora (10% ou mais)',
      lines: disclosure.insurerOwners.length
        ? holdings(disclosure.insurerOwners)
        : ['Nenhuma seguradora, nem seu controlador, detém participação de 10% ou mais no capital da corretora.'],
    },
    {
      title: 'III — Exclusividade',
      lines: disclosure.exclusive
        ? [`A corretora tem obrigação contratual de exclusividade com: ${disclosure.insurers.join(', ')}.`]
        : [
            'A corretora não tem obrigação contratual de exclusividade com seguradora.',
            ...(insurers.length ? [`Seguradoras com que trabalha: ${insurers.join(', ')}.`] : []),
          ],
    },
  ];
}

export const DISCLOSURE_TITLE = 'Informe de remuneração e vínculos — Resolução CNSP nº 382/2020';

/** The disclosure as e-mail text. */
export function disclosureText(facts: DisclosureFacts, sha256: string): string {
  return [
    DISCLOSURE_TITLE,
    `Data: ${formatDate(facts.day)}`,
    '',
    ...disclosureParagraphs(facts).flatMap((paragraph) => [paragraph.title, ...paragraph.lines.map((line) => `  ${line}`), '']),
    `O documento em PDF fica registrado pela corretora. Código de verificação (SHA-256): ${sha256}`,
  ].join('\n');
}

/** The disclosure as a PDF (A4, Helvetica: WinAnsi carries every pt-BR letter). */
export function disclosurePdf(facts: DisclosureFacts): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({
      size: 'A4',
      margin: 50,
      info: { Title: DISCLOSURE_TITLE, Author: facts.print.brokerage.name },
    });
    const chunks: Buffer[] = [];
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);

    pdf.font('Helvetica-Bold').fontSize(14).text(DISCLOSURE_TITLE);
    pdf
      .font('Helvetica')
      .fontSize(10)
      .moveDown(0.3)
      .text(`Data: ${formatDate(facts.day)}`);
    pdf.moveDown();
    for (const paragraph of disclosureParagraphs(facts)) {
      pdf.font('Helvetica-Bold').fontSize(11).text(paragraph.title);
      pdf.font('Helvetica').fontSize(10);
      for (const line of paragraph.lines) pdf.text(line);
      pdf.moveDown(0.8);
    }
    pdf
      .moveDown()
      .fontSize(8)
      .fillColor('#555555')
      .text(
        'Informações prestadas ao cliente antes da contratação, conforme o art. 4º, §1º, da Resolução CNSP nº 382/2020. ' +
          'O código de verificação (SHA-256) deste arquivo fica registrado no histórico do cliente na corretora.',
      );
    pdf.end();
  });
}
