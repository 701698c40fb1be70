import { PRIVACY_RETENTION_YEARS, type ErasureItem, type PrivacyFinanceErasure, type PrivacyFinanceExport } from '@corretora/contracts';
import { ACTIVITY_TABLE, BrokerScopedTable, type ObjectStore } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';

/** What an anonymised record says instead of the subject's name. */
export const ANONYMISED = 'Titular anonimizado';

const RETENTION_REASON = `Guarda de ${PRIVACY_RETENTION_YEARS} anos após o fim da vigência exigida das corretoras (Circular SUSEP 605/2020)`;
const ERASED_REASON = 'Eliminado a pedido do titular (LGPD art. 18, VI): não há dever legal de guarda';
/** A claim in these is over; any other is still being handled with the insured. */
const CLOSED_CLAIM_STATUSES: readonly string[] = ['closed', 'denied'];
const RETENTION_OVER = `Anonimizado: o prazo de guarda de ${PRIVACY_RETENTION_YEARS} anos terminou`;

interface PolicyRow {
  id: number;
  contactId: number;
  renewalDate: string;
  cancelledOn: string | null;
  status: string;
}
interface DocumentRow {
  id: number;
  contactId: number | null;
  policyId: number | null;
  claimId: number | null;
  fileName: string;
  originalName: string;
  mimeType: string;
  fileSize: string;
  category: string;
}

const day = (value: string | Date) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));
const plusYears = (iso: string, years: number) => `${Number(iso.slice(0, 4)) + years}${iso.slice(4, 10)}`;

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

/**
 * Finance's part of a data subject's rights (LGPD): everything it holds about some contacts
 * (an access or portability request, the documents' bytes included), and their erasure as the
 * retention duty allows — a contact with a policy active or ended less than 5 years ago keeps its
 * policies, instalments, claims and their documents (the pipeline then blocks the contact); what is
 * tied to no policy or claim goes; once the retention is over, the rest is anonymised.
 */
export class PrivacyService {
  private readonly policies: BrokerScopedTable;
  private readonly instalments: BrokerScopedTable;
  private readonly claims: BrokerScopedTable;
  private readonly renewals: BrokerScopedTable;
  private readonly documents: BrokerScopedTable;
  private readonly usage: BrokerScopedTable;
  private readonly repasse: BrokerScopedTable;
  private readonly activity: BrokerScopedTable;
  private readonly importRows: BrokerScopedTable;
  private readonly quotes: BrokerScopedTable;
  private readonly comparisons: BrokerScopedTable;

  constructor(
    private readonly knex: Knex,
    private readonly objects: ObjectStore,
  ) {
    this.policies = tables.scoped(knex, 'policies');
    this.instalments = tables.scoped(knex, 'policy_instalments');
    this.claims = tables.scoped(knex, 'claims');
    this.renewals = tables.scoped(knex, 'renewals');
    this.documents = tables.scoped(knex, 'documents');
    this.usage = tables.scoped(knex, 'storage_usage');
    this.repasse = tables.scoped(knex, 'repasse_lines');
    this.activity = new BrokerScopedTable(knex, ACTIVITY_TABLE);
    this.importRows = tables.scoped(knex, 'import_rows');
    this.quotes = tables.scoped(knex, 'quotes');
    this.comparisons = tables.scoped(knex, 'comparisons');
  }

  async exportOf(userId: string, contactIds: readonly number[]): Promise<PrivacyFinanceExport> {
    if (contactIds.length === 0) return { policies: [], instalments: [], claims: [], renewals: [], documents: [] };
    const policies = (await this.policies.of(userId).rows().whereIn('contactId', contactIds).orderBy('id').select('*')) as Record<
      string,
      unknown
    >[];
    const policyIds = policies.map((policy) => policy.id as number);
    const claims = (await this.claims.of(userId).rows().whereIn('contactId', contactIds).orderBy('id').select('*')) as Record<
      string,
      unknown
    >[];
    const claimIds = claims.map((claim) => claim.id as number);
    const [instalments, renewals, documents] = await Promise.all([
      this.instalments.of(userId).rows().whereIn('policyId', policyIds).orderBy(['policyId', 'id']).select('*') as Promise<
        Record<string, unknown>[]
      >,
      this.renewals.of(userId).rows().whereIn('policyId', policyIds).orderBy('id').select('*') as Promise<Record<string, unknown>[]>,
      this.documentsOf(userId, contactIds, policyIds, claimIds),
    ]);
    const withBytes = [];
    for (const document of documents) {
      const content = await this.objects
        .getObject(document.fileName)
        .then(bytesOf)
        .catch(() => null);
      withBytes.push({
        id: document.id,
        name: document.originalName,
        mimeType: document.mimeType,
        size: Number(document.fileSize),
        category: document.category,
        policyId: document.policyId,
        claimId: document.claimId,
        content: content ? content.toString('base64') : null,
      });
    }
    const plain = (rows: Record<string, unknown>[]) =>
      rows.map(({ userId: _userId, searchText: _search, ...row }) => row as Record<string, unknown>);
    return {
      policies: plain(policies),
      instalments: plain(instalments),
      claims: plain(claims),
      renewals: plain(renewals),
      documents: withBytes,
    };
  }

  async erase(userId: string, contactIds: readonly number[], today: string, terms: readonly string[]): Promise<PrivacyFinanceErasure> {
    const result: PrivacyFinanceErasure = { erased: [], kept: [], retainUntil: {}, inForce: {}, records: [] };
    if (contactIds.length === 0) return result;
    const removedFiles: string[] = [];
    await this.knex.transaction(async (trx) => {
      const policies = (await this.policies
        .of(userId, trx)
        .rows()
        .whereIn('contactId', contactIds)
        .forUpdate()
        .select('id', 'contactId', 'renewalDate', 'cancelledOn', 'status')) as PolicyRow[];
      const claims = (await this.claims
        .of(userId, trx)
        .rows()
        .whereIn('contactId', contactIds)
        .select('id', 'contactId', 'policyId', 'dateFiled', 'status')) as {
        id: number;
        contactId: number;
        policyId: number | null;
        dateFiled: Date;
        status: string;
      }[];
      // Each contact's last day under the duty: 5 years after its last policy ended (or a claim without one was filed).
      for (const contactId of contactIds) {
        const ends = [
          ...policies.filter((policy) => policy.contactId === contactId).map((policy) => day(policy.cancelledOn ?? policy.renewalDate)),
          ...claims.filter((claim) => claim.contactId === contactId && claim.policyId === null).map((claim) => day(claim.dateFiled)),
        ];
        const until = ends.length ? plusYears(ends.sort().at(-1)!, PRIVACY_RETENTION_YEARS) : null;
        result.retainUntil[String(contactId)] = until && until >= today ? until : null;
      }
      // A contract still running (a policy in force, a claim being handled) needs the person's contact data.
      for (const contactId of contactIds) {
        const running = policies
          .filter((policy) => policy.contactId === contactId && policy.status === 'active' && day(policy.renewalDate) >= today)
          .map((policy) => day(policy.renewalDate))
          .sort();
        const openClaim = claims.some((claim) => claim.contactId === contactId && !CLOSED_CLAIM_STATUSES.includes(claim.status));
        if (!running.length && !openClaim) continue;
        result.inForce[String(contactId)] = { until: running.at(-1) ?? null };
        // Whatever the dates say, a running contract's records are kept at least as long as the duty after it.
        result.retainUntil[String(contactId)] ??= plusYears(today, PRIVACY_RETENTION_YEARS);
      }
      const retained = contactIds.filter((id) => result.retainUntil[String(id)]);
      const released = contactIds.filter((id) => !result.retainUntil[String(id)]);
      const keptPolicies = policies.filter((policy) => retained.includes(policy.contactId)).map((policy) => policy.id);
      const keptClaims = claims.filter((claim) => retained.includes(claim.contactId)).map((claim) => claim.id);
      const releasedPolicies = policies.filter((policy) => released.includes(policy.contactId)).map((policy) => policy.id);
      const releasedClaims = claims.filter((claim) => released.includes(claim.contactId)).map((claim) => claim.id);

      const documents = await this.documentsOf(
        userId,
        contactIds,
        policies.map((p) => p.id),
        claims.map((c) => c.id),
        trx,
      );
      const keep = (document: DocumentRow) =>
        (document.policyId !== null && keptPolicies.includes(document.policyId)) ||
        (document.claimId !== null && keptClaims.includes(document.claimId));
      const gone = documents.filter((document) => !keep(document));
      if (gone.length) {
        await this.documents
          .of(userId, trx)
          .rows()
          .whereIn(
            'id',
            gone.map((document) => document.id),
          )
          .delete();
        const bytes = gone.reduce((sum, document) => sum + Number(document.fileSize), 0);
        await this.usage
          .of(userId, trx)
          .rows()
          .update({ usedBytes: trx.raw('greatest(used_bytes - ?, 0)', [bytes]) });
        removedFiles.push(...gone.map((document) => document.fileName));
        result.records.push(...gone.map((document) => `document:${document.id}`));
        result.erased.push({ what: 'Documentos sem dever de guarda', count: gone.length, basis: 'consent', reason: ERASED_REASON });
      }

      const until =
        retained
          .map((id) => result.retainUntil[String(id)]!)
          .sort()
          .at(-1) ?? null;
      if (keptPolicies.length) {
        const instalments = await this.instalments
          .of(userId, trx)
          .rows()
          .whereIn('policyId', keptPolicies)
          .count<{ count: string }[]>('* as count');
        result.kept.push(
          { what: 'Apólices', count: keptPolicies.length, basis: 'legal_obligation', reason: RETENTION_REASON, until },
          {
            what: 'Parcelas das apólices',
            count: Number(instalments[0]!.count),
            basis: 'legal_obligation',
            reason: RETENTION_REASON,
            until,
          },
        );
      }
      if (keptClaims.length)
        result.kept.push({ what: 'Sinistros', count: keptClaims.length, basis: 'legal_obligation', reason: RETENTION_REASON, until });
      const keptDocuments = documents.length - gone.length;
      if (keptDocuments)
        result.kept.push({
          what: 'Documentos de apólices e sinistros',
          count: keptDocuments,
          basis: 'legal_obligation',
          reason: RETENTION_REASON,
          until,
        });

      // Quotes no contract came of (offers the person asked for, what they insure): nothing keeps them.
      const unchosen = await this.quotes.of(userId, trx).rows().whereIn('contactId', contactIds).whereNot('status', 'won').delete();
      if (unchosen) result.erased.push({ what: 'Cotações não contratadas', count: unchosen, basis: 'contract', reason: ERASED_REASON });
      // The comparisons sent (their links stop opening with them).
      const links = await this.comparisons.of(userId, trx).rows().whereIn('contactId', contactIds).delete();
      if (links) result.erased.push({ what: 'Comparativos de cotações enviados', count: links, basis: 'contract', reason: ERASED_REASON });

      // Past the retention: the records stay for the brokerage's books, without the person.
      result.records.push(...releasedPolicies.map((id) => `policy:${id}`), ...releasedClaims.map((id) => `claim:${id}`));
      if (releasedPolicies.length) {
        await this.policies
          .of(userId, trx)
          .rows()
          .whereIn('id', releasedPolicies)
          .update({ contactName: ANONYMISED, insuredItem: null, insuredPlate: null });
        await this.quotes
          .of(userId, trx)
          .rows()
          .whereIn('contactId', released)
          .update({ insuredItem: null, insuredPlate: null, note: null });
        await this.repasse.of(userId, trx).rows().whereIn('policyId', releasedPolicies).update({ contactName: ANONYMISED });
        result.erased.push({
          what: 'Nome do titular nas apólices (prazo de guarda encerrado)',
          count: releasedPolicies.length,
          basis: 'legal_obligation',
          reason: RETENTION_OVER,
        });
      }
      if (releasedClaims.length) {
        await this.claims.of(userId, trx).rows().whereIn('id', releasedClaims).update({ contactName: ANONYMISED, description: null });
        result.erased.push({
          what: 'Dados do titular nos sinistros (prazo de guarda encerrado)',
          count: releasedClaims.length,
          basis: 'legal_obligation',
          reason: RETENTION_OVER,
        });
      }
      await this.forgetText(userId, trx, released, terms);
    });
    // After the commit: a file whose row is gone is never served again; a failed removal leaves an orphan, not a leak.
    await Promise.all(removedFiles.map((key) => this.objects.removeObject(key).catch(() => undefined)));
    return result;
  }

  /** Activity lines and import rows that name the subject (for the contacts that leave; a retained one keeps its policy's). */
  private async forgetText(userId: string, trx: Knex.Transaction, contactIds: readonly number[], terms: readonly string[]): Promise<void> {
    const needles = terms.map((term) => term.trim().toLowerCase()).filter((term) => term.length >= 4);
    const mentions = (column: string) => (builder: Knex.QueryBuilder) => {
      for (const needle of needles) builder.orWhereRaw('strpos(lower(??::text), ?) > 0', [column, needle]);
    };
    if (contactIds.length) await this.activity.of(userId, trx).rows().whereIn('contactId', contactIds).delete();
    if (!needles.length) return;
    await this.activity
      .of(userId, trx)
      .rows()
      .where((builder) => {
        mentions('subject')(builder);
        mentions('detail')(builder);
      })
      .delete();
    await this.importRows.of(userId, trx).rows().where(mentions('cells')).delete();
  }

  private documentsOf(
    userId: string,
    contactIds: readonly number[],
    policyIds: readonly number[],
    claimIds: readonly number[],
    trx: Knex | Knex.Transaction = this.knex,
  ): Promise<DocumentRow[]> {
    return this.documents
      .of(userId, trx)
      .rows()
      .where((builder) => {
        builder.whereIn('contactId', contactIds).orWhereIn('policyId', policyIds).orWhereIn('claimId', claimIds);
      })
      .orderBy('id')
      .select('id', 'contactId', 'policyId', 'claimId', 'fileName', 'originalName', 'mimeType', 'fileSize', 'category') as Promise<
      DocumentRow[]
    >;
  }
}

export type { ErasureItem };
