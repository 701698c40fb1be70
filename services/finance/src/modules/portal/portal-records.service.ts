import {
  LINE_LABELS,
  NOT_FOUND,
  PORTAL_OPERATIONS,
  SAO_PAULO,
  describeInsuredItem,
  saoPauloDay,
  type ClaimStatus,
  type ClaimType,
  type InsuredItem,
  type LineKey,
  type PortalClaim,
  type PortalClaimInput,
  type PortalDocument,
  type PortalInstalment,
  type PortalPolicy,
  type ReferenceData,
} from '@corretora/contracts';
import { HttpError, type BrokerScopedTable, type ClientSession, type InternalClient, type UploadedFile } from '@corretora/service-kit';
import type { Knex } from 'knex';
import { tables } from '../../tables';
import type { DocumentsService } from '../documents/documents.service';

interface PolicyRow {
  id: number;
  policyNumber: string;
  awaitingNumber: boolean;
  insurerId: number | null;
  line: LineKey;
  startDate: string | null;
  renewalDate: string;
  status: string;
  premium: string;
  insuredItem: InsuredItem | null;
}

interface ClaimRow {
  id: number;
  claimId: string;
  policyId: number | null;
  type: ClaimType;
  status: ClaimStatus;
  description: string | null;
  occurredAt: string | null;
  dateFiled: Date;
  origin: string | null;
}

const CLAIM_POLICY = 'Escolha uma das suas apólices.';

/**
 * Finance's answers to a portal's client (#61): their policies, instalments, documents and claims.
 * Every read is the kit's broker scope under the client (declared in tables.ts: only the rows of
 * the contacts holding their CPF/CNPJ), so another client's id is a row that does not exist.
 */
export class PortalRecordsService {
  private readonly policies: BrokerScopedTable;
  private readonly instalments: BrokerScopedTable;
  private readonly claims: BrokerScopedTable;
  private readonly documents: BrokerScopedTable;
  private readonly lines: BrokerScopedTable;

  constructor(
    private readonly knex: Knex,
    private readonly files: DocumentsService,
    private readonly insurerNames: (userId: string) => Promise<ReferenceData['insurers']>,
    private readonly pipeline: InternalClient,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.policies = tables.scoped(knex, 'policies');
    this.instalments = tables.scoped(knex, 'policy_instalments');
    this.claims = tables.scoped(knex, 'claims');
    this.documents = tables.scoped(knex, 'documents');
    this.lines = tables.scoped(knex, 'statement_lines');
  }

  private policyRows(client: ClientSession): Promise<PolicyRow[]> {
    return this.policies
      .of(client.userId)
      .rows()
      .orderBy('renewalDate', 'desc')
      .orderBy('id', 'desc')
      .limit(500)
      .select(
        'id',
        'policyNumber',
        'awaitingNumber',
        'insurerId',
        'line',
        this.knex.raw('start_date::text as "startDate"'),
        this.knex.raw('renewal_date::text as "renewalDate"'),
        'status',
        'premium',
        'insuredItem',
      ) as Promise<PolicyRow[]>;
  }

  async policyList(client: ClientSession): Promise<PortalPolicy[]> {
    const [rows, insurers, counts] = await Promise.all([
      this.policyRows(client),
      this.insurerNames(client.userId),
      this.documents
        .of(client.userId)
        .rows()
        .whereNotNull('policyId')
        .groupBy('policyId')
        .select('policyId', this.knex.raw('count(*)::int as count')) as Promise<{ policyId: number; count: number }[]>,
    ]);
    const today = saoPauloDay(this.now());
    const names = new Map(insurers.map((insurer) => [insurer.id, insurer.name]));
    const documentCount = new Map(counts.map((row) => [row.policyId, row.count]));
    return rows.map((row) => ({
      id: row.id,
      policyNumber: row.policyNumber,
      awaitingNumber: row.awaitingNumber,
      insurerName: row.insurerId === null ? null : (names.get(row.insurerId) ?? null),
      line: row.line,
      lineLabel: LINE_LABELS[row.line] ?? row.line,
      startDate: row.startDate,
      renewalDate: row.renewalDate,
      inForce: row.status === 'active' && row.renewalDate >= today,
      premium: row.premium,
      insured: describeInsuredItem(row.insuredItem) || null,
      documentCount: documentCount.get(row.id) ?? 0,
    }));
  }

  async policyDocuments(client: ClientSession, policyId: number): Promise<PortalDocument[]> {
    if (!(await this.policies.of(client.userId).byId(policyId).first('id'))) throw new HttpError(404, NOT_FOUND.policy);
    const rows = (await this.documents
      .of(client.userId)
      .rows()
      .where({ policyId })
      .orderBy('uploadedAt', 'desc')
      .select('id', 'originalName', 'fileSize', 'mimeType', 'category', 'uploadedAt')) as {
      id: number;
      originalName: string;
      fileSize: string;
      mimeType: string;
      category: string;
      uploadedAt: Date;
    }[];
    return rows.map((row) => ({
      id: row.id,
      name: row.originalName,
      size: Number(row.fileSize),
      mimeType: row.mimeType,
      isPolicyPdf: row.category === 'policies',
      uploadedAt: row.uploadedAt.toISOString(),
    }));
  }

  /** A document of theirs, as stored (the same bytes the broker keeps). */
  download(client: ClientSession, id: number) {
    return this.files.open(client.userId, id);
  }

  async instalmentList(client: ClientSession): Promise<PortalInstalment[]> {
    const [rows, policies, paid] = await Promise.all([
      this.instalments
        .of(client.userId)
        .rows()
        .orderBy('dueDate', 'asc')
        .orderBy('number', 'asc')
        .limit(2_000)
        .select('id', 'policyId', 'number', this.knex.raw('due_date::text as "dueDate"'), 'premium', 'paymentLink') as Promise<
        { id: number; policyId: number; number: number; dueDate: string; premium: string; paymentLink: string | null }[]
      >,
      this.policies.of(client.userId).rows().select('id', 'policyNumber') as Promise<{ id: number; policyNumber: string }[]>,
      // Paid: the insurer paid the brokerage's commission on it, which it does once the client paid (an estorno undoes it).
      this.lines
        .of(client.userId)
        .rows()
        .whereNotNull('instalmentId')
        .groupBy('instalmentId')
        .havingRaw("bool_and(type <> 'estorno') and sum(gross) > 0")
        .pluck('instalmentId') as Promise<number[]>,
    ]);
    const settled = new Set(paid);
    const today = saoPauloDay(this.now());
    const numbers = new Map(policies.map((policy) => [policy.id, policy.policyNumber]));
    return rows.map((row) => ({
      policyId: row.policyId,
      policyNumber: numbers.get(row.policyId) ?? '',
      number: row.number,
      dueDate: row.dueDate,
      premium: row.premium,
      state: settled.has(row.id) ? 'paid' : row.dueDate < today ? 'overdue' : 'open',
      // A paid instalment's boleto is not offered again.
      paymentLink: settled.has(row.id) ? null : row.paymentLink,
    }));
  }

  private async claimRows(client: ClientSession, id?: number): Promise<ClaimRow[]> {
    return (await this.claims
      .of(client.userId)
      .rows()
      .modify((query) => {
        if (id !== undefined) query.where({ id });
      })
      .orderBy('dateFiled', 'desc')
      .orderBy('id', 'desc')
      .limit(200)
      .select(
        'id',
        'claimId',
        'policyId',
        'type',
        'status',
        'description',
        this.knex.raw('occurred_at::text as "occurredAt"'),
        'dateFiled',
        'origin',
      )) as ClaimRow[];
  }

  async claimList(client: ClientSession, id?: number): Promise<PortalClaim[]> {
    const [rows, policies, photos] = await Promise.all([
      this.claimRows(client, id),
      this.policies.of(client.userId).rows().select('id', 'policyNumber') as Promise<{ id: number; policyNumber: string }[]>,
      this.documents
        .of(client.userId)
        .rows()
        .whereNotNull('claimId')
        .groupBy('claimId')
        .select('claimId', this.knex.raw('count(*)::int as count')) as Promise<{ claimId: number; count: number }[]>,
    ]);
    const numbers = new Map(policies.map((policy) => [policy.id, policy.policyNumber]));
    const photoCount = new Map(photos.map((row) => [row.claimId, row.count]));
    return rows.map((row) => ({
      id: row.id,
      claimId: row.claimId,
      policyNumber: row.policyId === null ? null : (numbers.get(row.policyId) ?? null),
      type: row.type,
      status: row.status,
      description: row.description,
      occurredAt: row.occurredAt,
      dateFiled: new Date(row.dateFiled).toISOString(),
      fromPortal: row.origin === 'portal',
      photoCount: photoCount.get(row.id) ?? 0,
    }));
  }

  private async claimById(client: ClientSession, id: number): Promise<PortalClaim> {
    const [claim] = await this.claimList(client, id);
    if (!claim) throw new HttpError(404, NOT_FOUND.claim);
    return claim;
  }

  /**
   * Avisar sinistro: the claim in status Aberto (numbered as every claim is), the contact's (the
   * policy's, when named) responsible member's, marked as from the portal; then a task for that
   * member and the entry on the client's timeline (the pipeline's).
   */
  async report(client: ClientSession, input: PortalClaimInput): Promise<PortalClaim> {
    const policy = input.policyId
      ? ((await this.policies.of(client.userId).byId(input.policyId).first('id', 'contactId', 'responsibleId', 'policyNumber', 'line')) as
          { id: number; contactId: number; responsibleId: string; policyNumber: string; line: LineKey } | undefined)
      : undefined;
    if (input.policyId && !policy) throw new HttpError(400, CLAIM_POLICY, [{ path: 'policyId', message: CLAIM_POLICY }]);
    const contactId = policy?.contactId ?? client.contactId;
    // Whose it is: the named policy's member, else the member of the client's latest policy (none: the brokerage's owner).
    const responsibleId =
      policy?.responsibleId ??
      (
        (await this.policies.of(client.userId).rows().where({ contactId }).orderBy('id', 'desc').first('responsibleId')) as
          { responsibleId: string } | undefined
      )?.responsibleId ??
      null;
    const description = `${input.description}\nOnde: ${input.place}`;
    const { rows } = await this.knex.transaction(async (trx) => {
      const inserted = await trx.raw<{ rows: { id: number }[] }>(
        `with n as (
           insert into claim_number_counters (user_id, year, last_number)
           values (?, extract(year from now() at time zone '${SAO_PAULO}')::int, 1)
           on conflict (user_id, year) do update set last_number = claim_number_counters.last_number + 1
           returning year, last_number)
         insert into claims (user_id, contact_id, contact_name, policy_id, claim_id, type, amount, description, occurred_at, responsible_id, origin)
         select ?, ?, ?, ?, 'SIN-' || n.year || '-' || lpad(n.last_number::text, 6, '0'), ?, 0, ?, ?, ?::uuid, 'portal'
           from n returning id`,
        [
          client.userId,
          client.userId,
          contactId,
          client.name,
          policy?.id ?? null,
          policy?.line === 'auto' ? 'colisao' : 'outro',
          description,
          input.occurredAt,
          responsibleId,
        ],
      );
      return inserted;
    });
    const claim = await this.claimById(client, rows[0]!.id);
    await this.pipeline.call(PORTAL_OPERATIONS.clientTask, {
      params: { userId: client.userId },
      body: {
        contactId,
        title: `Sinistro ${claim.claimId} avisado pelo cliente no portal: ${client.name}`,
        text: `${claim.claimId}${policy ? ` (apólice ${policy.policyNumber})` : ''}, em ${input.occurredAt}: ${description}`,
        policyId: policy?.id ?? null,
        event: 'claim',
      },
    });
    return claim;
  }

  /** A photo of a claim they reported (stored as the claim's document, counted in the brokerage's quota). */
  async photo(client: ClientSession, claimId: number, file: UploadedFile): Promise<PortalClaim> {
    const claim = await this.claimById(client, claimId);
    if (!claim.fromPortal || claim.status !== 'open')
      throw new HttpError(409, 'Só é possível enviar fotos de um sinistro avisado pelo portal e ainda aberto.');
    const row = (await this.claims.of(client.userId).byId(claimId).first('contactId', 'policyId')) as {
      contactId: number;
      policyId: number | null;
    };
    await this.files.store(client.userId, file, {
      contactId: row.contactId,
      cardId: null,
      policyId: row.policyId,
      claimId,
      category: 'claims',
      description: 'Foto enviada pelo cliente no portal',
    });
    return this.claimById(client, claimId);
  }
}
