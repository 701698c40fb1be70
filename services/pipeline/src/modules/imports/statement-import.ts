import { createHash } from 'node:crypto';
import {
  FINANCE_OPERATIONS,
  INSTALMENT_STATUS_LABELS,
  LINE_MATCHED_BY_LABELS,
  StatementLineRowSchema,
  formatMoney,
  wireToCents,
  type StatementLineMatch,
  type StatementWireLineInput,
} from '@corretora/contracts';
import { BrokerScopedTable, HttpError, parseRow, type InternalClient, type RowAnalysis, type SheetRow } from '@corretora/service-kit';
import type { Knex } from 'knex';

/** Lines per call to finance's matching (its body cap holds 2,000 comfortably). */
const MATCH_CHUNK = 2000;
const FINANCE_MISSING = 'A importação de extratos não está disponível: o serviço financeiro não está configurado.';

/** What a statement's row stores for its commit: the line as finance takes it. */
export type StatementRecord = StatementWireLineInput;

/** The broker's contacts by CPF/CNPJ: a line without a matching policy number is looked for by its client. */
export async function contactsByDocument(knex: Knex, userId: string): Promise<Map<string, number[]>> {
  const rows = (await new BrokerScopedTable(knex, 'contacts')
    .of(userId)
    .rows()
    .andWhereRaw('(cpf is not null or cnpj is not null)')
    .select('id', 'cpf', 'cnpj')) as { id: number; cpf: string | null; cnpj: string | null }[];
  const byDocument = new Map<string, number[]>();
  for (const row of rows) {
    const document = row.cpf ?? row.cnpj!;
    const ids = byDocument.get(document) ?? [];
    if (ids.length < 20) ids.push(row.id);
    byDocument.set(document, ids);
  }
  return byDocument;
}

/** The sentence the preview shows for a line's match. */
export function matchReason(match: StatementLineMatch): string {
  if (match.status === 'nao_identificado')
    return 'Não identificada: nenhuma apólice desta seguradora com este número (nem cliente com este CPF/CNPJ e valor); concilie à mão depois.';
  const where = `Apólice ${match.policyNumber}, parcela ${match.instalment} (${match.by ? LINE_MATCHED_BY_LABELS[match.by] : ''})`;
  if (match.status === 'estorno') return `${where}: estorno de ${formatMoney(Math.abs(wireToCents(match.amount) ?? 0))}`;
  const label = INSTALMENT_STATUS_LABELS[match.status];
  const difference = wireToCents(match.difference ?? '0') ?? 0;
  return difference === 0 ? `${where}: ${label}` : `${where}: ${label} (diferença de ${formatMoney(difference)})`;
}

/**
 * The preview of an insurer's statement: every row read by the contracts' line schema (money in
 * cents, estornos negative), its fingerprint (its values and how many identical lines came before
 * it in the file, so re-importing the statement brings nothing twice), its client's contacts by
 * CPF/CNPJ; then finance matches the lines in chunks and says which an earlier statement already
 * brought. A line to record is 'create' (matched or não identificado), one already recorded 'skip'.
 */
export async function analyseStatement(input: {
  rows: AsyncIterable<SheetRow>;
  columns: Partial<Record<string, number>>;
  insurerId: number;
  contacts: Map<string, number[]>;
  match: (lines: StatementWireLineInput[]) => Promise<{ line: number; alreadyImported: boolean; match: StatementLineMatch }[]>;
}): Promise<RowAnalysis[]> {
  const results = new Map<number, RowAnalysis>();
  const occurrences = new Map<string, number>();
  let pending: StatementWireLineInput[] = [];
  const flush = async () => {
    if (pending.length === 0) return;
    const records = new Map(pending.map((line) => [line.line, line]));
    for (const verdict of await input.match(pending)) {
      results.set(verdict.line, {
        line: verdict.line,
        outcome: verdict.alreadyImported ? 'skip' : 'create',
        errors: [],
        reason: verdict.alreadyImported ? 'Já importada em um extrato anterior: nenhum pagamento novo.' : matchReason(verdict.match),
        targetId: verdict.match.policyId,
        record: verdict.alreadyImported ? null : { ...records.get(verdict.line)!, match: verdict.match },
      });
    }
    pending = [];
  };
  for await (const row of input.rows) {
    const parsed = parseRow(StatementLineRowSchema, row, input.columns);
    if (!parsed.success) {
      results.set(row.line, parsed.error);
      continue;
    }
    const value = parsed.output;
    const identity = createHash('sha256')
      .update(
        JSON.stringify([
          input.insurerId,
          value.policyNumber,
          value.endorsement,
          value.instalment,
          value.document,
          value.type,
          value.grossCents,
          value.issCents,
          value.irrfCents,
          value.netCents,
          value.paymentDate,
        ]),
      )
      .digest('hex');
    const occurrence = (occurrences.get(identity) ?? 0) + 1;
    occurrences.set(identity, occurrence);
    const document = value.document ? ('cpf' in value.document ? value.document.cpf : value.document.cnpj) : null;
    pending.push({
      line: row.line,
      fingerprint: `${identity}:${occurrence}`,
      policyNumber: value.policyNumber,
      endorsement: value.endorsement,
      instalment: value.instalment,
      contactIds: document ? (input.contacts.get(document) ?? []) : [],
      type: value.type,
      grossCents: value.grossCents,
      issCents: value.issCents,
      irrfCents: value.irrfCents,
      netCents: value.netCents,
      paidOn: value.paymentDate,
    });
    if (pending.length >= MATCH_CHUNK) await flush();
  }
  await flush();
  return [...results.values()].sort((a, b) => a.line - b.line);
}

/** finance's client for a statement's calls, or the 503 of a deployment without finance. */
export function statementFinance(finance: InternalClient | null): InternalClient {
  if (!finance) throw new HttpError(503, FINANCE_MISSING);
  return finance;
}

/** The match call of the preview. */
export function financeMatch(finance: InternalClient, userId: string, insurerId: number) {
  return (lines: StatementWireLineInput[]) =>
    finance.call(FINANCE_OPERATIONS.matchStatement, { params: { userId }, body: { insurerId, lines } });
}
