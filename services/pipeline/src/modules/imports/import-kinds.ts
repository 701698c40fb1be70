import { FINANCE_OPERATIONS, type ReferenceData } from '@corretora/contracts';
import { BrokerScopedTable, HttpError, type ImportKindHandler, type InternalClient } from '@corretora/service-kit';
import type { Knex } from 'knex';
import { analyseContacts, noteKey, CONTACT_COLUMNS, type ExistingContact } from './contact-import';
import { ContactWriter, type BatchRow } from './contact-writer';
import { analysePolicies } from './policy-import';
import { PolicyWriter, loadClients, policyHolders, type PolicyBatchRow } from './policy-writer';

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
