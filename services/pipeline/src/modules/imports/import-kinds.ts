import { FINANCE_OPERATIONS, type ReferenceData, type StatementLineMatch } from '@corretora/contracts';
import { BrokerScopedTable, HttpError, type ImportKindHandler, type InternalClient } from '@corretora/service-kit';
import type { Knex } from 'knex';
import { analyseContacts, noteKey, CONTACT_COLUMNS, type ExistingContact } from './contact-import';
import { ContactWriter, type BatchRow } from './contact-writer';
import { analysePolicies } from './policy-import';
import { PolicyWriter, loadClients, policyHolders, type PolicyBatchRow } from './policy-writer';
import { analyseStatement, contactsByDocument, financeMatch, statementFinance, type StatementRecord } from './statement-import';

/** The broker's catalogues (names to ids): the catalogues service, through its internal listener. */
export type ReferenceSource = (userId: string) => Promise<ReferenceData>;

/** Contacts: dedupe against the broker's contacts and notes, written by ContactWriter. */
export function contactsKind(knex: Knex, reference: ReferenceSource, finance: InternalClient | null): ImportKindHandler<null> {
  const writer = new ContactWriter(knex, finance ? (userId) => policyHolders(finance, userId) : undefined);
  return {
    batchSize: 1000,
    async analyse({ userId, rows, columns, mode }) {
      const [existing, noteRows, catalogues] = await Promise.all([
        new BrokerScopedTable(knex, 'contacts')
          .of(userId)
          .rows()
          .select(
            'id',
            ...CONTACT_COLUMNS.map((column) =>
              column === 'birthDate' ? knex.raw(`to_char(birth_date, 'YYYY-MM-DD') as "birthDate"`) : column,
            ),
          ) as Promise<ExistingContact[]>,
        new BrokerScopedTable(knex, 'notes').of(userId).rows().select('contactId', 'content') as Promise<
          { contactId: number; content: string }[]
        >,
        reference(userId),
      ]);
      const notes = new Set(noteRows.map((note) => noteKey(note.contactId, note.content)));
      return { results: await analyseContacts({ rows, columns, mode, existing, notes, reference: catalogues }), unknownInsurers: [] };
    },
    begin: async () => null,
    apply: (trx, userId, importId, batch) => writer.apply(trx, userId, importId, batch as BatchRow[]),
    undo: (trx, userId, importId) => writer.undo(trx, userId, importId),
  };
}

const FINANCE_MISSING = 'A importação de apólices não está disponível: o serviço financeiro não está configurado.';

/** Policies: clients and insurers matched here, the policies written by finance (PolicyWriter). */
export function policiesKind(
  knex: Knex,
  reference: ReferenceSource,
  finance: InternalClient | null,
): ImportKindHandler<Awaited<ReturnType<typeof loadClients>>> {
  const writer = () => {
    if (!finance) throw new HttpError(503, FINANCE_MISSING);
    return new PolicyWriter(finance);
  };
  return {
    // finance takes 250 policies per call (its JSON body cap).
    batchSize: 250,
    async analyse({ userId, rows, columns, mode, insurerMap }) {
      if (!finance) throw new HttpError(503, FINANCE_MISSING);
      const [clients, catalogues, book] = await Promise.all([
        loadClients(knex, userId),
        reference(userId),
        finance.call(FINANCE_OPERATIONS.policyBook, { params: { userId } }),
      ]);
      return analysePolicies({ rows, columns, mode, clients, insurers: catalogues.insurers, insurerMap, book });
    },
    begin: (userId) => loadClients(knex, userId),
    apply: (trx, userId, importId, batch, clients) => writer().apply(trx, userId, importId, batch as unknown as PolicyBatchRow[], clients),
    undo: (trx, userId, importId) => writer().undo(trx, userId, importId),
  };
}

/**
 * An insurer's statement: the pipeline reads the lines and finds their clients by CPF/CNPJ;
 * finance matches them to instalments (preview), writes and matches each batch (commit) and
 * removes them (undo). Nothing of a statement is kept here beyond the import's rows.
 */
export function statementKind(knex: Knex, finance: InternalClient | null, reference: ReferenceSource): ImportKindHandler<number> {
  return {
    batchSize: 1000,
    async accept(userId, insurerId) {
      const { insurers } = await reference(userId);
      if (!insurers.some((insurer) => insurer.id === insurerId)) {
        const message = 'Selecione uma das suas seguradoras.';
        throw new HttpError(400, message, [{ path: 'insurerId', message }]);
      }
    },
    async analyse({ userId, rows, columns, insurerId }) {
      const client = statementFinance(finance);
      const results = await analyseStatement({
        rows,
        columns,
        insurerId: insurerId!,
        contacts: await contactsByDocument(knex, userId),
        match: financeMatch(client, userId, insurerId!),
      });
      return { results, unknownInsurers: [] };
    },
    begin: async (_userId, insurerId) => insurerId!,
    async apply(trx, userId, importId, batch, insurerId) {
      const lines = batch.map((row) => row.record as StatementRecord);
      const { writtenLines } = await statementFinance(finance).call(FINANCE_OPERATIONS.applyStatement, {
        params: { userId },
        body: { importId, insurerId, lines },
      });
      // What was recorded is 'criado'; a line another statement already brought is counted as ignored.
      const written = new Set(writtenLines);
      const [created, skipped] = [batch.filter((row) => written.has(row.line)), batch.filter((row) => !written.has(row.line))];
      for (const [applied, rows] of [
        ['created', created],
        ['skipped', skipped],
      ] as const) {
        if (rows.length === 0) continue;
        await new BrokerScopedTable(trx, 'import_rows')
          .of(userId, trx)
          .rows()
          .where({ importId })
          .whereIn(
            'line',
            rows.map((row) => row.line),
          )
          .update({ applied, ...(applied === 'skipped' ? { reason: 'Linha já registrada por outro extrato' } : {}) });
      }
    },
    async undo(_trx, userId, importId) {
      await statementFinance(finance).call(FINANCE_OPERATIONS.undoStatement, { params: { userId }, body: { importId } });
      return [];
    },
    async matches(userId, importId, committed, rows) {
      if (!committed) {
        return new Map(
          rows.flatMap((row) => {
            const match = (row.record as { match?: StatementLineMatch } | null)?.match;
            return match ? [[row.line, match] as const] : [];
          }),
        );
      }
      const stored = await statementFinance(finance).call(FINANCE_OPERATIONS.statementLines, {
        params: { userId },
        body: { importId, lines: rows.map((row) => row.line) },
      });
      return new Map(stored.map((line) => [line.line, line.match]));
    },
    activity: { done: 'statement_imported', undone: 'statement_undone' },
  };
}
