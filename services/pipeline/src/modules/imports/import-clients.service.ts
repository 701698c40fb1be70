import type { ImportClient, ImportClientsPlaceInput, ImportClientsUndoInput } from '@corretora/contracts';
import { type BrokerScopedTable, intArrayLiteral, type KeptRow } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';

const CLIENT_COLUMNS = ['id', 'name', 'cpf', 'cnpj', 'type', 'kind'] as const;
const clientOf = (row: Record<string, unknown>) =>
  Object.fromEntries(CLIENT_COLUMNS.map((column) => [column, row[column]])) as unknown as ImportClient;

/**
 * The contacts of a policies import: finance runs the import and writes its policies; the
 * clients it finds, creates or makes of a prospect are this service's rows, written here. A
 * created contact carries the import's id (`import_id`), which is how its undo finds it.
 */
export class ImportClientsService {
  private readonly contacts: BrokerScopedTable;

  constructor(private readonly knex: Knex) {
    this.contacts = tables.scoped(knex, 'contacts');
  }

  /** The broker's contacts, as the import finds its clients among them (by document, else by name). */
  async clients(userId: string): Promise<ImportClient[]> {
    return (await this.contacts
      .of(userId)
      .rows()
      .orderBy('id')
      .select(...CLIENT_COLUMNS)) as ImportClient[];
  }

  /** One batch: the clients it creates (in the order asked), the prospects it names made clients of their kind, and when. */
  async place(userId: string, input: ImportClientsPlaceInput): Promise<{ created: ImportClient[]; promoted: ImportClient[]; at: string }> {
    return this.knex.transaction(async (trx) => {
      const contacts = this.contacts.of(userId, trx);
      const created = (
        await contacts.insertMany(
          input.create.map((client) => ({
            name: client.name,
            legalName: client.cnpj ? client.name : null,
            cpf: client.cpf,
            cnpj: client.cnpj,
            type: client.cnpj ? 'business' : 'individual',
            importId: input.importId,
            responsibleId: client.responsibleId ?? input.responsibleId,
          })),
        )
      ).map(clientOf);
      // A client of its kind; the trigger keeps kind and type together.
      const promoted =
        input.promote.length === 0
          ? []
          : ((await contacts
              .rows()
              .whereIn('id', input.promote)
              .where({ type: 'prospect' })
              .update({
                type: trx.raw(`case when kind = 'pj' or cnpj is not null then 'business' else 'individual' end`),
                updatedAt: trx.fn.now(),
              })
              .returning([...CLIENT_COLUMNS])) as ImportClient[]);
      // This transaction's clock (to the microsecond): an undo keeps what changed after it.
      const { rows } = await trx.raw<{ rows: { at: string }[] }>(
        `select to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at`,
      );
      return { created, promoted, at: rows[0]!.at };
    });
  }

  /**
   * Undo, on the clients: the contacts the import created go unless the broker changed them since
   * (an edit, a card, a note) or one of them still holds a policy; a client the import made of a
   * prospect is a prospect again when its policy went and nobody changed it since.
   */
  async undo(userId: string, input: ImportClientsUndoInput): Promise<{ kept: KeptRow[] }> {
    return this.knex.transaction(async (trx) => {
      const contacts = this.contacts.of(userId, trx);
      const holders = new Set(input.holders);
      const kept: KeptRow[] = [];
      const created = input.rows.filter((row) => row.created && !holders.has(row.contactId));
      if (created.length > 0) {
        const { rows: changed } = await trx.raw<{ rows: { id: number; line: number }[] }>(
          `select c.id, x.line from ? join jsonb_to_recordset(?::jsonb) as x(line int, "contactId" int, "appliedAt" timestamptz)
              on x."contactId" = c.id
            where c.import_id = any(?::int[])
              and (c.updated_at > x."appliedAt"
                   or exists (select 1 from pipeline_cards k where k.contact_id = c.id and k.created_at > x."appliedAt")
                   or exists (select 1 from notes n where n.contact_id = c.id and n.created_at > x."appliedAt"))`,
          [contacts.from('c'), JSON.stringify(created), intArrayLiteral(input.importIds)],
        );
        const changedIds = new Set(changed.map((row) => row.id));
        for (const row of changed)
          kept.push({ line: row.line, targetId: row.id, reason: 'Contato criado pela importação e alterado depois: mantido' });
        const remove = [...new Set(created.map((row) => row.contactId))].filter((id) => !changedIds.has(id));
        if (remove.length > 0) await contacts.rows().whereIn('importId', input.importIds).whereIn('id', remove).delete();
      }
      const demote = input.rows.filter((row) => row.wasProspect && !holders.has(row.contactId));
      if (demote.length > 0) {
        await contacts.updateFrom(
          'c',
          {
            set: "type = 'prospect'",
            from: 'jsonb_to_recordset(?::jsonb) as x("contactId" int, "appliedAt" timestamptz)',
            where: 'c.id = x."contactId" and c.updated_at <= x."appliedAt"',
          },
          { from: [JSON.stringify(demote)] },
        );
      }
      return { kept };
    });
  }
}
