import { createHash } from 'node:crypto';
import {
  INSTALMENT_STATUS_LABELS,
  LINE_MATCHED_BY_LABELS,
  StatementLineRowSchema,
  formatMoney,
  wireToCents,
  type StatementLineMatch,
} from '@corretora/contracts';
import { HttpError, parseRow, type ImportKindHandler, type RowAnalysis, type SheetRow } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';
import type { StatementLineRecord } from './statement-match';
import type { StatementsService } from './statements.service';

/** Lines matched at once in the preview (one set-based statement each). */
const MATCH_CHUNK = 2000;

/** What a statement's row keeps for its commit: the line, and the match the preview showed. */
type StatementRowRecord = StatementLineRecord & { match?: StatementLineMatch };

/** The broker's contacts by CPF/CNPJ (the pipeline's): a line without a known policy is looked for by its client. */
export type ContactsByDocument = (userId: string, documents: string[]) => Promise<Map<string, number[]>>;

/** The sentence the preview shows for a line's match. */
function matchReason(match: StatementLineMatch): string {
  if (match.status === 'nao_identificado')
    return 'Não identificada: nenhuma apólice desta seguradora com este número (nem cliente com este CPF/CNPJ e valor); concilie à mão depois.';
  const where = `Apólice ${match.policyNumber}, parcela ${match.instalment} (${match.by ? LINE_MATCHED_BY_LABELS[match.by] : ''})`;
  if (match.status === 'estorno') return `${where}: estorno de ${formatMoney(Math.abs(wireToCents(match.amount) ?? 0))}`;
  const label = INSTALMENT_STATUS_LABELS[match.status];
  const difference = wireToCents(match.difference ?? '0') ?? 0;
  return difference === 0 ? `${where}: ${label}` : `${where}: ${label} (diferença de ${formatMoney(difference)})`;
}

/** A line's identity in its statement: its values, and how many identical lines came before it in the file. */
function fingerprintOf(insurerId: number, value: Record<string, unknown>, occurrences: Map<string, number>): string {
  const fields = ['policyNumber', 'endorsement', 'instalment', 'document', 'type', 'grossCents', 'issCents', 'irrfCents', 'netCents'];
  const identity = createHash('sha256')
    .update(JSON.stringify([insurerId, ...fields.map((field) => value[field]), value.paymentDate]))
    .digest('hex');
  const occurrence = (occurrences.get(identity) ?? 0) + 1;
  occurrences.set(identity, occurrence);
  return `${identity}:${occurrence}`;
}

/**
 * The preview of an insurer's statement: every row read by the contracts' line schema (money in
 * cents, estornos negative) and fingerprinted (re-importing the statement brings nothing twice);
 * then, chunk by chunk, the clients of the lines' CPFs/CNPJs are asked of the pipeline and the
 * lines matched to instalments. A line to record is 'create' (matched or não identificado), one an
 * earlier statement already brought 'skip'.
 */
async function analyseStatement(
  statements: StatementsService,
  contacts: ContactsByDocument,
  input: { userId: string; rows: AsyncIterable<SheetRow>; columns: Partial<Record<string, number>>; insurerId: number },
): Promise<RowAnalysis[]> {
  const results = new Map<number, RowAnalysis>();
  const occurrences = new Map<string, number>();
  let pending: (Omit<StatementLineRecord, 'contactIds'> & { document: string | null })[] = [];
  const flush = async () => {
    if (pending.length === 0) return;
    const documents = [...new Set(pending.flatMap((line) => (line.document ? [line.document] : [])))];
    const clients = documents.length > 0 ? await contacts(input.userId, documents) : new Map<string, number[]>();
    const lines = pending.map(({ document, ...line }) => ({ ...line, contactIds: document ? (clients.get(document) ?? []) : [] }));
    const records = new Map(lines.map((line) => [line.line, line]));
    for (const verdict of await statements.match(input.userId, { insurerId: input.insurerId, lines })) {
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
    pending.push({
      line: row.line,
      fingerprint: fingerprintOf(input.insurerId, value, occurrences),
      policyNumber: value.policyNumber,
      endorsement: value.endorsement,
      instalment: value.instalment,
      document: value.document ? ('cpf' in value.document ? value.document.cpf : value.document.cnpj) : null,
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

/**
 * An insurer's statement as an import of finance's engine: read and matched here, where its
 * lines and the instalments they pay live; each commit batch writes and matches its lines in the
 * batch's own transaction; undo removes them. Only the clients by CPF/CNPJ are the pipeline's.
 */
export function statementKind(
  knex: Knex,
  statements: StatementsService,
  contacts: ContactsByDocument,
  insurers: (userId: string) => Promise<{ id: number }[]>,
): ImportKindHandler<number> {
  const rows = tables.scoped(knex, 'import_rows');
  return {
    batchSize: 1000,
    async accept(userId, insurerId) {
      if (!(await insurers(userId)).some((insurer) => insurer.id === insurerId)) {
        const message = 'Selecione uma das suas seguradoras.';
        throw new HttpError(400, message, [{ path: 'insurerId', message }]);
      }
    },
    async analyse({ userId, rows: sheet, columns, insurerId }) {
      return {
        results: await analyseStatement(statements, contacts, { userId, rows: sheet, columns, insurerId: insurerId! }),
        unknownInsurers: [],
      };
    },
    begin: async (_userId, insurerId) => insurerId!,
    async apply(trx, userId, importId, batch, insurerId) {
      const lines = batch.map((row) => {
        const { match: _match, ...line } = row.record as StatementRowRecord;
        return line;
      });
      const { writtenLines } = await statements.apply(trx, userId, { importId, insurerId, lines });
      // What was recorded is 'criado'; a line another statement already brought is counted as ignored.
      const written = new Set(writtenLines);
      for (const applied of ['created', 'skipped'] as const) {
        const affected = batch.filter((row) => written.has(row.line) === (applied === 'created')).map((row) => row.line);
        if (affected.length === 0) continue;
        await rows
          .of(userId, trx)
          .rows()
          .where({ importId })
          .whereIn('line', affected)
          .update({ applied, ...(applied === 'skipped' ? { reason: 'Linha já registrada por outro extrato' } : {}) });
      }
    },
    async undo(trx, userId, importId) {
      await statements.undo(trx, userId, importId);
      return [];
    },
    async matches(userId, importId, committed, page) {
      if (!committed) {
        return new Map(
          page.flatMap((row) => {
            const match = (row.record as StatementRowRecord | null)?.match;
            return match ? [[row.line, match] as const] : [];
          }),
        );
      }
      const stored = await statements.lookup(userId, { importId, lines: page.map((row) => row.line) });
      return new Map(stored.map((line) => [line.line, line.match]));
    },
    activity: { done: 'statement_imported', undone: 'statement_undone' },
  };
}
