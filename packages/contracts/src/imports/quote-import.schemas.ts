import * as v from 'valibot';
import { comparableName } from '../br/text';
import { maxLengthMessage, optionalText, requiredText } from '../fields';
import { MONEY_MESSAGE, optionalCell, parseSheetDate, parseSheetMoney, parseSheetPercent, type FieldInfo } from './import-values';
import { coveragesOfLine } from '../vocabulary/coverages';
import { LINE_KEYS, type LineKey } from '../vocabulary/lines';

/*
 * A deal's quotes from a spreadsheet (the insurers' multicálculo exported, or the broker's own sheet):
 * one quote a row. Its columns are found by their header words, as the imports' wizard suggests
 * them; a column named as one of the line's coverages (Casco, Vidros, Carro reserva…) is that
 * coverage: a value its limit (LMI), a text its detail ('100% FIPE', '15 dias').
 */

/** The columns of a quotes sheet, each with the header words that find it. */
export const QUOTE_IMPORT_FIELD_INFO = {
  insurer: { label: 'Seguradora', headers: ['seguradora', 'cia', 'companhia', 'insurer'] },
  totalPremium: { label: 'Prêmio total', headers: ['premio total', 'premio', 'total', 'valor total'] },
  netPremium: { label: 'Prêmio líquido', headers: ['premio liquido', 'liquido', 'premio liq'] },
  iof: { label: 'IOF', headers: ['iof'] },
  commissionPercent: { label: 'Comissão (%)', headers: ['comissao', '% comissao', 'comissao %', 'percentual de comissao'] },
  deductible: { label: 'Franquia', headers: ['franquia', 'valor da franquia'] },
  instalments: { label: 'Parcelas', headers: ['parcelas', 'n parcelas', 'qtd parcelas', 'numero de parcelas'] },
  instalmentAmount: { label: 'Valor da parcela', headers: ['valor da parcela', 'parcela'] },
  validUntil: { label: 'Validade', headers: ['validade', 'valida ate', 'validade da cotacao'] },
  insurerQuoteNumber: { label: 'Nº da cotação', headers: ['n cotacao', 'numero da cotacao', 'n da cotacao', 'cotacao'] },
} as const satisfies Record<string, FieldInfo>;
export type QuoteImportField = keyof typeof QUOTE_IMPORT_FIELD_INFO;

/** The most rows one sheet brings (a deal is quoted with a handful of insurers, a multicálculo with dozens). */
export const QUOTE_IMPORT_MAX_ROWS = 60;

const MONEY_MAX_CENTS = 99_999_999_999;
const money = (label: string) =>
  optionalCell(`${label}: ${MONEY_MESSAGE}`, (text) => {
    const cents = parseSheetMoney(text);
    return cents !== null && cents <= MONEY_MAX_CENTS ? cents : null;
  });

/** One row's cells by field, as text; the quote's figures in cents (the commission in hundredths of a percent). */
export const QuoteImportRowSchema = v.pipe(
  v.object({
    insurer: requiredText('Informe a seguradora', 100),
    totalPremium: v.pipe(
      money('Prêmio total'),
      v.check((cents) => cents !== null, 'Informe o prêmio total'),
    ),
    netPremium: money('Prêmio líquido'),
    iof: money('IOF'),
    commissionPercent: optionalCell('Comissão inválida: use 15 ou 15,5', (text) => {
      const hundredths = parseSheetPercent(text);
      return hundredths !== null && hundredths <= 10_000 ? hundredths : null;
    }),
    deductible: money('Franquia'),
    instalments: optionalCell('Parcelas inválidas: use de 1 a 12', (text) =>
      /^(1[0-2]|[1-9])x?$/i.test(text) ? Number.parseInt(text, 10) : null,
    ),
    instalmentAmount: money('Valor da parcela'),
    validUntil: optionalCell('Validade inválida: use dd/mm/aaaa', (text) => parseSheetDate(text)),
    insurerQuoteNumber: optionalText(40),
  }),
  v.forward(
    v.check((row) => row.netPremium === null || row.netPremium <= row.totalPremium!, 'O prêmio líquido não pode passar do total'),
    ['netPremium'],
  ),
);
export type QuoteImportRow = v.InferOutput<typeof QuoteImportRowSchema>;

/** The line's coverage a header names (its label or key, without accents or case), if any. */
export function coverageOfHeader(line: LineKey, header: string): { key: string; label: string } | null {
  const name = comparableName(header);
  if (name === '') return null;
  // The whole label, its first part ('Casco', 'Vidros', 'Assistência 24h') or the key ('carro_reserva').
  const names = (coverage: { key: string; label: string }) =>
    [coverage.label, coverage.label.split(/[(,]/)[0]!, coverage.key].map(comparableName);
  return coveragesOfLine(line).find((coverage) => names(coverage).includes(name)) ?? null;
}

/** A coverage cell: a value is its limit in cents, a text its detail ('100% FIPE'); blank, not offered. */
export function coverageCell(text: string): { limit: number | null; detail: string | null } | null {
  const trimmed = text.trim();
  if (trimmed === '' || /^(-|nao|não|n\/a)$/i.test(trimmed)) return null;
  const cents = parseSheetMoney(trimmed);
  if (cents !== null && cents <= MONEY_MAX_CENTS) return { limit: cents, detail: null };
  return { limit: null, detail: trimmed.slice(0, 60) };
}

/** The text fields beside the file: the deal's line (its coverages name the columns; Auto when absent) and the tab of an XLSX to read (the first one when absent). */
export const QuoteImportFieldsSchema = v.object({
  line: v.optional(v.picklist(LINE_KEYS, 'Ramo inválido'), 'auto'),
  sheet: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, maxLengthMessage(100)))),
});
