import { FINANCE_OPERATIONS, type PolicyImportResult } from '@corretora/contracts';
import { BrokerScopedTable, intArrayLiteral, type InternalClient, type KeptRow } from '@corretora/service-kit';
import type { Knex } from 'knex';
import { importAssignee } from './import-assignee';
import { markApplied } from './contact-writer';
import { ClientIndex, type ClientContact, type PolicyRecord } from './policy-import';

export interface PolicyBatchRow {
  line: number;
  outcome: 'create' | 'update';
  record: PolicyRecord;
}

/** What a policies row keeps after the commit, for undo. */
interface PolicyTrace {
  appliedAt: string;
  policy: Record<string, unknown> | null;
  contactId: number;
  contactCreated: boolean;
  /** The contact was a prospect and became a client by this policy. */
  contactWasProspect: boolean;
}

/** The contacts that hold at least one policy (finance's book): never removed by an undo. */
export async function policyHolders(finance: InternalClient, userId: string): Promise<Set<number>> {
  const book = await finance.call(FINANCE_OPERATIONS.policyBook, { params: { userId } });
  return new Set(book.flatMap((policy) => (policy.contactId === null ? [] : [policy.contactId])));
}

/** The broker's contacts as clients, loaded once per run (the run adds the ones it creates). */
export async function loadClients(trx: Knex | Knex.Transaction, userId: string): Promise<ClientIndex> {
  const contacts = (await new BrokerScopedTable(trx, 'contacts')
    .of(userId, trx)
    .rows()
    .orderBy('id')
    .select('id', 'name', 'cpf', 'cnpj', 'type', 'kind')) as ClientContact[];
  return new ClientIndex(contacts);
}

/**
 * The writes of a policies import: each batch finds or creates its clients here (a prospect with a
 * policy becomes a client), sends its policies to finance (upserted by number there) and keeps, per
 * row, what undo needs. Finance is called inside the batch's transaction: if it fails the batch's
 * contacts roll back; if the transaction fails after finance wrote, the retry upserts the same
 * numbers again (finance takes a policy its own import created as created, not as an update).
 */
export class PolicyWriter {
  constructor(private readonly finance: InternalClient) {}

  async apply(
    trx: Knex.Transaction,
    userId: string,
    importId: number,
    batch: readonly PolicyBatchRow[],
    clients: ClientIndex,
  ): Promise<void> {
    const contactOf = new Map<number, { contact: ClientContact; created: boolean; wasProspect: boolean }>();
    const responsibleId = await importAssignee(trx, userId, importId);
    for (const row of batch) {
      const wanted = row.record.client;
      let contact = clients.find(wanted);
      let created = false;
      if (!contact) {
        const type = wanted.cnpj ? 'business' : 'individual';
        const [inserted] = (await trx('contacts')
          .insert({
            userId,
            name: wanted.name,
            legalName: wanted.cnpj ? wanted.name : null,
            cpf: wanted.cpf,
            cnpj: wanted.cnpj,
            type,
            importId,
            responsibleId,
          })
          .returning(['id', 'name', 'cpf', 'cnpj', 'type', 'kind'])) as ClientContact[];
        contact = inserted!;
        clients.add(contact);
        created = true;
      }
      const wasProspect = contact.type === 'prospect';
      if (wasProspect) {
        // A client of its kind; the trigger keeps kind and type together.
        const type = contact.kind === 'pj' || contact.cnpj ? 'business' : 'individual';
        await new BrokerScopedTable(trx, 'contacts').of(userId, trx).byId(contact.id).update({ type, updatedAt: trx.fn.now() });
        contact.type = type;
      }
      contactOf.set(row.line, { contact, created, wasProspect });
    }
    const results: PolicyImportResult[] = await this.finance.call(FINANCE_OPERATIONS.importPolicies, {
      params: { userId },
      body: {
        importId,
        responsibleId,
        policies: batch.map((row) => {
          const { client: _client, type: _type, line: lineKey, ...policy } = row.record;
          const { contact } = contactOf.get(row.line)!;
          return { ...policy, lineKey, line: row.line, contactId: contact.id, contactName: contact.name };
        }),
      },
    });
    const marks = results.map((result) => {
      const { contact, created, wasProspect } = contactOf.get(result.line)!;
      const trace: PolicyTrace = {
        appliedAt: result.appliedAt,
        policy: result.previous,
        contactId: contact.id,
        contactCreated: created,
        contactWasProspect: wasProspect,
      };
      return { line: result.line, applied: result.created ? 'created' : 'updated', target_id: result.policyId, previous: trace };
    });
    await markApplied(trx, userId, importId, marks);
  }

  /**
   * Undo: finance removes the policies this import created and restores the ones it updated,
   * except those changed since (kept and listed); then the contacts the import created go unless
   * the broker changed them or one of their policies stayed, and a client the import made of a
   * prospect is a prospect again when its policy went.
   */
  async undo(trx: Knex.Transaction, userId: string, importId: number): Promise<KeptRow[]> {
    const rows = (await new BrokerScopedTable(trx, 'import_rows')
      .of(userId, trx)
      .rows()
      .where({ importId })
      .whereIn('applied', ['created', 'updated'])
      .orderBy('line')
      .select('line', 'targetId', 'previous', 'appliedAt')) as { line: number; targetId: number; previous: PolicyTrace; appliedAt: Date }[];
    const kept: KeptRow[] = [];
    const keptPolicies = new Set<number>();
    for (let start = 0; start < rows.length; start += 1000) {
      const chunk = rows.slice(start, start + 1000);
      const answer = await this.finance.call(FINANCE_OPERATIONS.undoPolicyImport, {
        params: { userId },
        body: {
          importId,
          policies: chunk.map((row) => ({ policyId: row.targetId, appliedAt: row.previous.appliedAt, previous: row.previous.policy })),
        },
      });
      for (const id of answer.kept) keptPolicies.add(id);
    }
    for (const row of rows)
      if (keptPolicies.has(row.targetId))
        kept.push({ line: row.line, targetId: row.targetId, reason: 'Apólice alterada depois da importação: mantida como está' });
    // A client still holding a policy (kept above, or one another import or the broker gave it) stays.
    const holders = await policyHolders(this.finance, userId);
    const contacts = new BrokerScopedTable(trx, 'contacts').of(userId, trx);
    const importRows = new BrokerScopedTable(trx, 'import_rows').of(userId, trx);
    const stays = new Set(rows.map((row) => row.previous.contactId).filter((contactId) => holders.has(contactId)));

    const created = rows.filter((row) => row.previous.contactCreated && !stays.has(row.previous.contactId));
    if (created.length > 0) {
      const { rows: changed } = await trx.raw<{ rows: { id: number; line: number }[] }>(
        `select c.id, r.line from ? join ? on r.import_id = ? and (r.previous->>'contactId')::int = c.id
          where c.import_id = ? and c.id = any(?::int[])
            and (c.updated_at > r.applied_at
                 or exists (select 1 from pipeline_cards k where k.contact_id = c.id and k.created_at > r.applied_at)
                 or exists (select 1 from notes n where n.contact_id = c.id and n.created_at > r.applied_at))`,
        [contacts.from('c'), importRows.from('r'), importId, importId, intArrayLiteral(created.map((row) => row.previous.contactId))],
      );
      const changedIds = new Set(changed.map((row) => row.id));
      for (const row of changed)
        kept.push({ line: row.line, targetId: row.id, reason: 'Contato criado pela importação e alterado depois: mantido' });
      const remove = [...new Set(created.map((row) => row.previous.contactId))].filter((id) => !changedIds.has(id));
      if (remove.length > 0) await contacts.rows().where({ importId }).whereIn('id', remove).delete();
    }
    // A prospect the import made a client is a prospect again, when its policy went and nobody changed it since.
    await contacts.updateFrom(
      'c',
      {
        set: "type = 'prospect'",
        from: '?',
        where: `r.import_id = ? and r.applied in ('created', 'updated') and (r.previous->>'contactWasProspect')::boolean
          and c.id = (r.previous->>'contactId')::int and c.updated_at <= r.applied_at and not (c.id = any(?::int[]))`,
      },
      { from: [importRows.from('r')], where: [importId, intArrayLiteral(stays)] },
    );
    return kept;
  }
}
