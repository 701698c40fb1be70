import { FINANCE_OPERATIONS, type ReferenceData } from '@corretora/contracts';
import { restrictedMember, runAsMember, sheetMemberFinder, type ImportKindHandler, type InternalClient } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';
import { analyseContacts } from './contact-import';
import { CONTACT_COLUMNS, type ExistingContact, noteKey } from './contact-record';
import { ContactWriter, type BatchRow } from './contact-writer';

/** The broker's catalogues (names to ids): the catalogues service, through its internal listener. */
export type ReferenceSource = (userId: string) => Promise<ReferenceData>;

/** Contacts: dedupe against the broker's contacts and notes, written by ContactWriter. */
/** The contacts that hold at least one policy (finance's book): never removed by an undo. */
async function policyHolders(finance: InternalClient, userId: string): Promise<Set<number>> {
  return new Set(await finance.call(FINANCE_OPERATIONS.policyHolders, { params: { userId } }));
}

export function contactsKind(
  knex: Knex,
  reference: ReferenceSource,
  finance: InternalClient | null,
  identity: InternalClient | null,
): ImportKindHandler<null> {
  const writer = new ContactWriter(knex, finance ? (userId) => policyHolders(finance, userId) : undefined);
  return {
    batchSize: 1000,
    async analyse({ userId, rows, columns, mode }) {
      const [existing, noteRows, catalogues, findMember] = await Promise.all([
        tables
          .scoped(knex, 'contacts')
          .of(userId)
          .rows()
          .select(
            'id',
            ...CONTACT_COLUMNS.map((column) =>
              column === 'birthDate' ? knex.raw(`to_char(birth_date, 'YYYY-MM-DD') as "birthDate"`) : column,
            ),
            knex.raw('blocked_at is not null as blocked'),
          ) as Promise<ExistingContact[]>,
        tables.scoped(knex, 'notes').of(userId).rows().select('contactId', 'content') as Promise<{ contactId: number; content: string }[]>,
        reference(userId),
        sheetMemberFinder(identity, userId, columns),
      ]);
      const notes = new Set(noteRows.map((note) => noteKey(note.contactId, note.content)));
      // A producer sees their own contacts; a colleague's client, named by its document, is theirs to keep.
      const seen = new Set(existing.map((contact) => contact.id));
      const taken = restrictedMember()
        ? new Set(
            (
              (await runAsMember(undefined, () => tables.scoped(knex, 'contacts').of(userId).rows().select('id', 'cpf', 'cnpj'))) as {
                id: number;
                cpf: string | null;
                cnpj: string | null;
              }[]
            ).flatMap((contact) => (seen.has(contact.id) ? [] : [contact.cpf, contact.cnpj].filter((key): key is string => key !== null))),
          )
        : undefined;
      return {
        results: await analyseContacts({
          rows,
          columns,
          mode,
          existing,
          notes,
          reference: catalogues,
          taken,
          findMember,
        }),
        unknownInsurers: [],
      };
    },
    begin: async () => null,
    apply: (trx, userId, importId, batch) => writer.apply(trx, userId, importId, batch as BatchRow[]),
    undo: (trx, userId, importId) => writer.undo(trx, userId, importId),
  };
}
