import { PIPELINE_OPERATIONS, type ImportClient } from '@corretora/contracts';
import {
  importAssignee,
  markApplied,
  restrictedMember,
  runAsMember,
  sheetMemberFinder,
  type ImportKindHandler,
  type InternalClient,
  type KeptRow,
} from '@corretora/service-kit';
import type { Knex } from 'knex';
import { tables } from '../../tables';
import { ClientIndex, analysePolicies, takenReason, type PolicyRecord } from './policy-import-rows';
import type { PolicyImportService } from './policy-import.service';

interface PolicyBatchRow {
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
  /** When the pipeline placed the contact (a row handed over from the pipeline: the row's own time). */
  contactAt?: string;
}

/** Rows per call of an undo to the pipeline (well under its 2 MB body). */
const UNDO_CHUNK = 2000;

/**
 * Policies (run here, where the policies live): rows matched against the broker's
 * book and insurers here, their clients found among the pipeline's contacts. A batch asks the
 * pipeline for the clients it lacks (created, given to the import's assignee) and to make clients
 * of the prospects it names, then writes its policies in the import's transaction. The pipeline's
 * part commits first: a batch that fails after it leaves contacts without their policy (found
 * again by the next import), never a policy without its contact.
 */
export function policiesKind(
  policies: PolicyImportService,
  pipeline: InternalClient,
  insurers: (userId: string) => Promise<{ id: number; name: string }[]>,
  identity: InternalClient | null,
): ImportKindHandler<ClientIndex> {
  const clientsOf = async (userId: string) =>
    new ClientIndex(await pipeline.call(PIPELINE_OPERATIONS.importClients, { params: { userId } }));
  return {
    batchSize: 250,
    async analyse({ userId, rows, columns, mode, insurerMap }) {
      // A producer sees their own policies; a number another member's policy holds is theirs to change, not this import's.
      const [clients, known, book, brokerage, findMember] = await Promise.all([
        clientsOf(userId),
        insurers(userId),
        policies.book(userId),
        restrictedMember() ? runAsMember(undefined, () => policies.book(userId)) : [],
        sheetMemberFinder(identity, userId, columns),
      ]);
      const seen = new Set(book.map((policy) => policy.id));
      const taken = brokerage.filter((policy) => !seen.has(policy.id));
      return analysePolicies({ rows, columns, mode, clients, insurers: known, insurerMap, book, taken, findMember });
    },
    begin: (userId) => clientsOf(userId),
    apply: (trx, userId, importId, batch, clients) =>
      applyPolicyBatch({ policies, pipeline }, trx, userId, importId, batch as unknown as PolicyBatchRow[], clients),
    undo: (trx, userId, importId) => undoPolicyImport({ policies, pipeline }, trx, userId, importId),
  };
}

/** What a batch and an undo talk to: finance's book and the pipeline's clients. */
interface PolicyImportParts {
  policies: PolicyImportService;
  pipeline: InternalClient;
}

/**
 * A batch's commit: each row finds its client as if the rows before it were written: among the
 * broker's contacts, else among the ones this batch creates (a placeholder until the pipeline answers).
 */
async function applyPolicyBatch(
  { policies, pipeline }: PolicyImportParts,
  trx: Knex.Transaction,
  userId: string,
  importId: number,
  rows: PolicyBatchRow[],
  clients: ClientIndex,
): Promise<void> {
  const responsibleId = await importAssignee(trx, userId, importId);
  const pending = new ClientIndex([]);
  const toCreate: (ImportClient & { responsibleId: string | null })[] = [];
  const prospects = new Set<number>();
  const chosen = rows.map((row) => {
    const found = clients.find(row.record.client) ?? pending.find(row.record.client);
    if (found) {
      if (found.id > 0 && found.type === 'prospect') prospects.add(found.id);
      return found;
    }
    const { name, cpf, cnpj } = row.record.client;
    const placeholder: ImportClient = {
      id: -(toCreate.length + 1),
      name,
      cpf,
      cnpj,
      type: cnpj ? 'business' : 'individual',
      kind: cnpj ? 'pj' : 'pf',
    };
    // A new client goes to the member its first row names, as its policy does.
    toCreate.push({ ...placeholder, responsibleId: row.record.responsibleId });
    pending.add(placeholder);
    return placeholder;
  });
  const placed = await pipeline.call(PIPELINE_OPERATIONS.placeImportClients, {
    params: { userId },
    body: {
      importId,
      responsibleId,
      create: toCreate.map(({ name, cpf, cnpj, responsibleId: member }) => ({ name, cpf, cnpj, responsibleId: member })),
      promote: [...prospects],
    },
  });
  // The pipeline creates them in the order asked.
  const createdFor = new Map(toCreate.map((placeholder, index) => [placeholder.id, placed.created[index]!]));
  for (const contact of placed.created) clients.add(contact);
  const promoted = new Map<number, ImportClient>(placed.promoted.map((contact) => [contact.id, contact]));
  const contactOf = new Map(
    rows.map((row, index) => {
      const found = chosen[index]!;
      const contact = createdFor.get(found.id) ?? found;
      return [row.line, { contact, created: found.id < 0, wasProspect: promoted.has(contact.id) }] as const;
    }),
  );
  for (const { contact } of contactOf.values()) contact.type = promoted.get(contact.id)?.type ?? contact.type;
  const results = await policies.apply(trx, userId, {
    importId,
    responsibleId,
    policies: rows.map((row) => {
      const { client: _client, type: _type, line: lineKey, ...policy } = row.record;
      const { contact } = contactOf.get(row.line)!;
      return { ...policy, lineKey, line: row.line, contactId: contact.id, contactName: contact.name };
    }),
  });
  await markApplied(
    trx,
    userId,
    importId,
    results.map((result) => {
      const { contact, created, wasProspect } = contactOf.get(result.line)!;
      const trace: PolicyTrace = {
        appliedAt: result.appliedAt,
        policy: result.previous,
        contactId: contact.id,
        contactCreated: created,
        contactWasProspect: wasProspect,
        contactAt: placed.at,
      };
      return { line: result.line, applied: result.created ? 'created' : 'updated', target_id: result.policyId, previous: trace };
    }),
  );
  // A number another member's policy took since the preview: that row is left out, and says why.
  const written = new Set(results.map((result) => result.line));
  const refused = rows.filter((row) => !written.has(row.line));
  if (refused.length > 0)
    await markApplied(
      trx,
      userId,
      importId,
      refused.map((row) => ({
        line: row.line,
        applied: 'skipped',
        target_id: null,
        previous: null,
        reason: takenReason(row.record.policyNumber),
      })),
    );
}

/**
 * Undo: the policies this import created go and the ones it updated are restored, except those
 * changed since (kept and listed); then the pipeline removes the contacts it created for it and
 * makes prospects again of the clients it made, unless they still hold a policy or changed since.
 */
async function undoPolicyImport(
  { policies, pipeline }: PolicyImportParts,
  trx: Knex.Transaction,
  userId: string,
  importId: number,
): Promise<KeptRow[]> {
  const imported = (await tables
    .scoped(trx, 'import_rows')
    .of(userId, trx)
    .rows()
    .where({ importId })
    .whereIn('applied', ['created', 'updated'])
    .orderBy('line')
    .select(
      'line',
      'targetId',
      'previous',
      // To the microsecond, as the pipeline's clock wrote the contacts of a row handed over from it.
      trx.raw(`to_char(applied_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "appliedAt"`),
    )) as {
    line: number;
    targetId: number;
    previous: PolicyTrace;
    appliedAt: string;
  }[];
  const moved = (await tables.scoped(trx, 'imports').of(userId, trx).byId(importId).first('movedFrom')) as
    { movedFrom: number | null } | undefined;
  const importIds = [importId, ...(moved?.movedFrom && moved.movedFrom !== importId ? [moved.movedFrom] : [])];
  const answer = await policies.undo(trx, userId, {
    importIds,
    policies: imported.map((row) => ({ policyId: row.targetId, appliedAt: row.previous.appliedAt, previous: row.previous.policy })),
  });
  const keptPolicies = new Set(answer.kept);
  const kept: KeptRow[] = imported
    .filter((row) => keptPolicies.has(row.targetId))
    .map((row) => ({ line: row.line, targetId: row.targetId, reason: 'Apólice alterada depois da importação: mantida como está' }));
  // A client still holding a policy (kept above, or one another import or the broker gave it) stays.
  const holders = new Set(await policies.holders(userId, trx));
  const clients: KeptRow[] = [];
  for (let start = 0; start < imported.length; start += UNDO_CHUNK) {
    const chunk = imported.slice(start, start + UNDO_CHUNK);
    const answer = await pipeline.call(PIPELINE_OPERATIONS.undoImportClients, {
      params: { userId },
      body: {
        importIds,
        rows: chunk.map((row) => ({
          line: row.line,
          contactId: row.previous.contactId,
          appliedAt: row.previous.contactAt ?? row.appliedAt,
          created: row.previous.contactCreated,
          wasProspect: row.previous.contactWasProspect,
        })),
        holders: [...new Set(chunk.map((row) => row.previous.contactId))].filter((id) => holders.has(id)),
      },
    });
    clients.push(...answer.kept);
  }
  return [...kept, ...clients];
}
