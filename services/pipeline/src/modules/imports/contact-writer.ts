import { importAssignee, intArrayLiteral, markApplied, type KeptRow } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';
import { CONTACT_COLUMNS, type ContactColumn, type ContactRecord } from './contact-record';

/** Each contact column's SQL name and type, for jsonb_to_recordset and the SET list. */
const SQL_COLUMNS: Record<ContactColumn, [name: string, type: string]> = {
  name: ['name', 'text'],
  cpf: ['cpf', 'text'],
  cnpj: ['cnpj', 'text'],
  email: ['email', 'text'],
  phone: ['phone', 'text'],
  birthDate: ['birth_date', 'date'],
  cep: ['cep', 'text'],
  street: ['street', 'text'],
  number: ['number', 'text'],
  complement: ['complement', 'text'],
  district: ['district', 'text'],
  legalName: ['legal_name', 'text'],
  tradeName: ['trade_name', 'text'],
  contactPerson: ['contact_person', 'text'],
  city: ['city', 'text'],
  state: ['state', 'text'],
  type: ['type', 'text'],
  kind: ['kind', 'text'],
  productId: ['product_id', 'int'],
  leadSourceId: ['lead_source_id', 'int'],
};
/** `x("birthDate" date, …)`: the record's camelCase keys as typed columns. */
const RECORD_COLUMNS = CONTACT_COLUMNS.map((column) => `"${column}" ${SQL_COLUMNS[column][1]}`).join(', ');

/** The broker's contacts and import rows, in the import's transaction. */
const contactsOf = (trx: Knex.Transaction, userId: string) => tables.scoped(trx, 'contacts').of(userId, trx);
const importRowsOf = (trx: Knex.Transaction, userId: string) => tables.scoped(trx, 'import_rows').of(userId, trx);

export interface BatchRow {
  line: number;
  outcome: 'create' | 'update';
  targetId: number | null;
  record: Partial<ContactRecord>;
}

/** The writes of a contacts import, batch by batch, and their undo. Every statement names the broker. */
export class ContactWriter {
  constructor(
    private readonly knex: Knex,
    /** The contacts holding a policy (finance), which undo never removes; none where finance is not deployed. */
    private readonly policyHolders: (userId: string) => Promise<Set<number>> = async () => new Set(),
  ) {}

  /**
   * One batch, in the caller's transaction: new contacts inserted with ids drawn first (so each row
   * knows its contact), updates applied over the locked contacts with the values they replace kept
   * on the row, notes appended, and every row marked applied at the transaction's time (the same
   * `now()` the contacts get as updated_at: undo compares the two).
   */
  async apply(trx: Knex.Transaction, userId: string, importId: number, batch: readonly BatchRow[]): Promise<void> {
    const marks: { line: number; applied: string; target_id: number | null; previous: unknown }[] = [];
    const notes: { contact_id: number; content: string }[] = [];

    const creates = batch.filter((row) => row.outcome === 'create');
    if (creates.length > 0) {
      const { rows: ids } = await trx.raw<{ rows: { id: number }[] }>(
        "select nextval(pg_get_serial_sequence('contacts', 'id'))::int as id from generate_series(1, ?)",
        [creates.length],
      );
      const records = creates.map((row, index) => ({ ...row.record, id: ids[index]!.id }));
      await trx.raw(
        `insert into contacts (id, user_id, import_id, responsible_id, ${CONTACT_COLUMNS.map((column) => SQL_COLUMNS[column][0]).join(', ')})
         select x.id, ?, ?, coalesce(x."responsibleId", ?::uuid), ${CONTACT_COLUMNS.map((column) => (column === 'type' ? `coalesce(x."type", 'prospect')` : column === 'kind' ? `coalesce(x.kind, 'pf')` : `x."${column}"`)).join(', ')}
           from jsonb_to_recordset(?::jsonb) as x(id int, "responsibleId" uuid, ${RECORD_COLUMNS})`,
        [userId, importId, await importAssignee(trx, userId, importId), JSON.stringify(records)],
      );
      creates.forEach((row, index) => {
        const contactId = ids[index]!.id;
        marks.push({ line: row.line, applied: 'created', target_id: contactId, previous: null });
        if (row.record.note) notes.push({ contact_id: contactId, content: row.record.note });
      });
    }

    const updates = batch.filter((row) => row.outcome === 'update' && row.targetId !== null);
    if (updates.length > 0) {
      const { rows: current } = await trx.raw<{ rows: Record<string, unknown>[] }>(
        `select id, updated_at as "updatedAt", ${CONTACT_COLUMNS.map((column) => `${SQL_COLUMNS[column][0]}${SQL_COLUMNS[column][1] === 'date' ? '::text' : ''} as "${column}"`).join(', ')}
           from ? where c.id = any(?::int[]) for update`,
        [contactsOf(trx, userId).from('c'), intArrayLiteral(updates.map((row) => row.targetId!))],
      );
      const byId = new Map(current.map((row) => [row.id as number, row]));
      const applying: Record<string, unknown>[] = [];
      for (const row of updates) {
        const contact = byId.get(row.targetId!);
        if (!contact) {
          marks.push({ line: row.line, applied: 'missing', target_id: row.targetId, previous: null });
          continue;
        }
        const previous: Record<string, unknown> = {};
        for (const column of CONTACT_COLUMNS) if (row.record[column] !== undefined) previous[column] = contact[column] ?? null;
        // Undo puts the time back too, so an earlier import's undo does not take this one for the broker's edit.
        previous.updatedAt = contact.updatedAt;
        applying.push({ ...row.record, id: row.targetId });
        marks.push({ line: row.line, applied: 'updated', target_id: row.targetId, previous });
        if (row.record.note) notes.push({ contact_id: row.targetId!, content: row.record.note });
      }
      if (applying.length > 0) {
        await contactsOf(trx, userId).updateFrom(
          'c',
          {
            set: `${CONTACT_COLUMNS.map((column) => `${SQL_COLUMNS[column][0]} = coalesce(x."${column}", c.${SQL_COLUMNS[column][0]})`).join(', ')},
                  updated_at = now()`,
            from: `jsonb_to_recordset(?::jsonb) as x(id int, ${RECORD_COLUMNS})`,
            where: 'c.id = x.id',
          },
          { from: [JSON.stringify(applying)] },
        );
      }
    }

    if (notes.length > 0) {
      await trx.raw(
        `insert into notes (user_id, contact_id, content, created_at)
         select ?, x.contact_id, x.content, now() from jsonb_to_recordset(?::jsonb) as x(contact_id int, content text)`,
        [userId, JSON.stringify(notes)],
      );
    }
    await markApplied(trx, userId, importId, marks);
  }

  /**
   * Undo, in the caller's transaction: a contact is "changed since" when its updated_at moved past
   * the row's applied_at, or it got a card or a note after the import; those stay and are listed.
   * The others: created ones are deleted (their cards and notes go with them), updated ones get
   * their previous values back and lose the note the import added.
   */
  async undo(trx: Knex.Transaction, userId: string, importId: number): Promise<KeptRow[]> {
    const { rows } = await trx.raw<{
      rows: {
        line: number;
        applied: string;
        targetId: number;
        previous: Record<string, unknown> | null;
        changed: boolean;
        onTimeline: boolean;
      }[];
    }>(
      `select r.line, r.applied, r.target_id as "targetId", r.previous,
              exists (select 1 from ? where t.contact_id = c.id) as "onTimeline",
              (c.updated_at > r.applied_at
               or exists (select 1 from ? where k.contact_id = c.id and k.created_at > r.applied_at)
               or exists (select 1 from ? where n.contact_id = c.id and n.created_at > r.applied_at)) as changed
         from ? join ? on c.id = r.target_id
        where r.import_id = ? and r.applied in ('created', 'updated')
        order by r.line
        for update of c`,
      [
        tables.scoped(trx, 'contact_timeline').of(userId, trx).from('t'),
        tables.scoped(trx, 'pipeline_cards').of(userId, trx).from('k'),
        tables.scoped(trx, 'notes').of(userId, trx).from('n'),
        importRowsOf(trx, userId).from('r'),
        contactsOf(trx, userId).from('c'),
        importId,
      ],
    );
    const kept: KeptRow[] = [];
    const remove: number[] = [];
    const restore: Record<string, unknown>[] = [];
    const holders = rows.some((row) => row.applied === 'created') ? await this.policyHolders(userId) : new Set<number>();
    for (const row of rows) {
      // A message sent, a call logged, a consent: the timeline is the contact's record and is never
      // deleted with it, so the contact stays (as an edit would keep it).
      if (row.applied === 'created' && row.onTimeline) {
        kept.push({ line: row.line, targetId: row.targetId, reason: 'Tem histórico (mensagem, interação ou consentimento): mantido' });
        continue;
      }
      if (row.changed) {
        kept.push({ line: row.line, targetId: row.targetId, reason: 'Alterado depois da importação: mantido como está' });
        continue;
      }
      if (row.applied === 'created' && holders.has(row.targetId)) {
        kept.push({ line: row.line, targetId: row.targetId, reason: 'Tem apólices: mantido' });
        continue;
      }
      if (row.applied === 'created') remove.push(row.targetId);
      else restore.push({ ...(row.previous ?? {}), id: row.targetId, keys: Object.keys(row.previous ?? {}) });
    }
    if (remove.length > 0) await contactsOf(trx, userId).rows().whereIn('id', remove).delete();
    if (restore.length > 0) {
      await contactsOf(trx, userId).updateFrom(
        'c',
        {
          set: `${CONTACT_COLUMNS.map(
            (column) =>
              `${SQL_COLUMNS[column][0]} = case when jsonb_exists(x.keys, '${column}') then x."${column}" else c.${SQL_COLUMNS[column][0]} end`,
          ).join(', ')},
                updated_at = coalesce(x."updatedAt", now())`,
          from: `jsonb_to_recordset(?::jsonb) as x(id int, keys jsonb, "updatedAt" timestamptz, ${RECORD_COLUMNS})`,
          where: 'c.id = x.id',
        },
        { from: [JSON.stringify(restore)] },
      );
      // The notes this import appended to the contacts it updated (same content, written when the row was applied).
      await tables
        .scoped(trx, 'notes')
        .of(userId, trx)
        .rows()
        .whereRaw(
          `(contact_id, created_at, content) in (select r.target_id, r.applied_at, r.record->>'note' from ?
             where r.import_id = ? and r.applied = 'updated' and r.target_id = any(?::int[]))`,
          [importRowsOf(trx, userId).from('r'), importId, intArrayLiteral(restore.map((row) => row.id as number))],
        )
        .delete();
    }
    return kept;
  }
}
