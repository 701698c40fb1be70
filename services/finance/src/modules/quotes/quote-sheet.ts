import {
  QUOTE_IMPORT_FIELD_INFO,
  QUOTE_IMPORT_MAX_ROWS,
  QuoteImportRowSchema,
  comparableInsurer,
  coverageCell,
  coverageOfHeader,
  type FieldIssue,
  type LineKey,
  type QuoteCreateInput,
  type QuoteImportRow,
} from '@corretora/contracts';
import { HttpError, parseRow, suggestColumns, type SheetFile } from '@corretora/service-kit';

const WITH_ERRORS = 'A planilha tem linhas com erro: nenhuma cotação foi importada. Corrija e envie de novo.';
const NEEDS_COLUMNS = 'A planilha precisa das colunas Seguradora e Prêmio total (uma cotação por linha).';

/** The quotes a sheet holds for a deal of `line`, or a 400 naming each row's errors (nothing is made then). */
export function quotesOfSheet(
  sheet: SheetFile,
  line: LineKey,
  insurers: readonly { id: number; name: string }[],
): { quotes: Omit<QuoteCreateInput, 'insuredItem'>[]; columns: Record<string, string> } {
  if (sheet.rows.length > QUOTE_IMPORT_MAX_ROWS)
    throw new HttpError(400, `No máximo ${QUOTE_IMPORT_MAX_ROWS} cotações por planilha; esta tem ${sheet.rows.length} linhas.`);
  const mapping = suggestColumns(QUOTE_IMPORT_FIELD_INFO, sheet.headers);
  if (!mapping.insurer || !mapping.totalPremium) throw new HttpError(400, NEEDS_COLUMNS);
  const mapped = new Set(Object.values(mapping));
  const coverages = sheet.headers.flatMap((header, index) => {
    const coverage = mapped.has(header) ? null : coverageOfHeader(line, header);
    return coverage ? [{ ...coverage, index, header }] : [];
  });
  const columns = Object.fromEntries(Object.entries(mapping).map(([field, header]) => [field, sheet.headers.indexOf(header)]));
  const byName = new Map(insurers.map((insurer) => [comparableInsurer(insurer.name), insurer.id]));
  const issues: FieldIssue[] = [];
  const quotes: Omit<QuoteCreateInput, 'insuredItem'>[] = [];
  for (const row of sheet.rows) {
    const parsed = parseRow(QuoteImportRowSchema, row, columns);
    if (!parsed.success) {
      issues.push(...parsed.error.errors.map((issue) => ({ path: `linha ${row.line}.${issue.path}`, message: issue.message })));
      continue;
    }
    const insurerId = byName.get(comparableInsurer(parsed.output.insurer));
    if (insurerId === undefined) {
      issues.push({ path: `linha ${row.line}.insurer`, message: `Seguradora não cadastrada: ${parsed.output.insurer}` });
      continue;
    }
    const offered = coverages.flatMap((coverage) => {
      const cell = coverageCell(row.cells[coverage.index] ?? '');
      return cell ? [{ key: coverage.key, label: coverage.label, ...cell }] : [];
    });
    quotes.push(quoteOf(parsed.output, insurerId, line, offered));
  }
  if (issues.length > 0) throw new HttpError(400, WITH_ERRORS, issues);
  return {
    quotes,
    columns: {
      ...Object.fromEntries(
        Object.entries(mapping).map(([field, header]) => [
          QUOTE_IMPORT_FIELD_INFO[field as keyof typeof QUOTE_IMPORT_FIELD_INFO].label,
          header,
        ]),
      ),
      ...Object.fromEntries(coverages.map((coverage) => [coverage.label, coverage.header])),
    },
  };
}

function quoteOf(
  row: QuoteImportRow,
  insurerId: number,
  line: LineKey,
  coverages: QuoteCreateInput['coverages'],
): Omit<QuoteCreateInput, 'insuredItem'> {
  const total = row.totalPremium!;
  const instalments = row.instalments ?? (row.instalmentAmount === null ? null : 1);
  return {
    insurerId,
    line,
    totalPremium: total,
    netPremium: row.netPremium,
    iof: row.iof,
    paymentOptions: [
      { instalments: 1, amount: total, interest: false },
      ...(instalments !== null && instalments > 1
        ? [
            {
              instalments,
              amount: row.instalmentAmount ?? Math.ceil(total / instalments),
              interest: (row.instalmentAmount ?? 0) * instalments > total,
            },
          ]
        : []),
    ],
    deductible: row.deductible === null ? null : { kind: 'normal', amount: row.deductible },
    coverages,
    commissionPercent: row.commissionPercent,
    validUntil: row.validUntil,
    insurerQuoteNumber: row.insurerQuoteNumber,
    documentId: null,
    status: 'draft',
    note: null,
  };
}
