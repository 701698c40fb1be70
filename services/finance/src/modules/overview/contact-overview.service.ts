import {
  addDaysToDay,
  describeInsuredItem,
  type ContactFinanceFicha,
  type ContactFinanceOverview,
  type InsuredItem,
} from '@corretora/contracts';
import { type BrokerScopedTable } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';
import type { InstalmentsService } from '../instalments/instalments.service';
import type { ReceivableSettingsService } from '../policies/receivable-settings.service';
import { POLICY_STATUS, TODAY } from '../policies/policy-sql';

/** At most this many of each list: the ficha shows a client, not a book. */
const LIST_MAX = 50;
/** Instalments due within this many days count as open on the ficha. */
const DUE_SOON_DAYS = 30;

/**
 * What finance knows of one client, for the ficha (the pipeline asks, with the contact it has
 * checked is the broker's): their policies, the instalments whose commission is still open, their
 * claims, documents and open renewals. Every table is read through the broker's scope.
 */
export class ContactOverviewService {
  private readonly policies: BrokerScopedTable;
  private readonly claims: BrokerScopedTable;
  private readonly documents: BrokerScopedTable;
  private readonly renewals: BrokerScopedTable;

  constructor(
    private readonly knex: Knex,
    private readonly instalments: InstalmentsService,
    private readonly settings: ReceivableSettingsService,
    /** Writes the client's renewal items that are due (RenewalsService.ensure for one contact). */
    private readonly ensureRenewals: (userId: string, contactId: number) => Promise<number>,
    /** The client's renewals and policies awaiting their number that are work by `until` (no ensure: done here first). */
    private readonly taskRows: (userId: string, contactId: number, until: string) => Promise<ContactFinanceFicha['tasks']>,
  ) {
    this.policies = tables.scoped(knex, 'policies');
    this.claims = tables.scoped(knex, 'claims');
    this.documents = tables.scoped(knex, 'documents');
    this.renewals = tables.scoped(knex, 'renewals');
  }

  async of(userId: string, contactId: number): Promise<ContactFinanceOverview> {
    return this.read(userId, contactId, this.ensureRenewals(userId, contactId));
  }

  /**
   * The ficha's one call: the overview and the client's tasks by `until`, in two rounds of reads — what
   * needs nothing first (the client's policies and claims, the settings) beside the ensure of their
   * renewal items; then what needs those (the renewals and tasks after the ensure, the documents and
   * instalments of the policies and claims read).
   */
  async ficha(userId: string, contactId: number, until: string): Promise<ContactFinanceFicha> {
    const ensured = this.ensureRenewals(userId, contactId);
    const reads = [this.read(userId, contactId, ensured), ensured.then(() => this.taskRows(userId, contactId, until))] as const;
    // Every read ends before the answer, a failure too (nothing of a request runs on after it).
    await Promise.allSettled(reads);
    const [overview, tasks] = await Promise.all(reads);
    return { overview, tasks };
  }

  /** The overview; its open renewals are read once `ensured` (the client's renewal items written) is done. */
  private async read(userId: string, contactId: number, ensured: Promise<unknown>): Promise<ContactFinanceOverview> {
    const firsts = [
      this.knex.raw<{
        rows: (Omit<ContactFinanceOverview['policies'][number], 'insured'> & { insuredItem: InsuredItem | null; today: string })[];
      }>(
        // Today (São Paulo) with the policies: the instalments due soon are only ever asked of a policy.
        `select p.id, p.policy_number as "policyNumber", p.awaiting_number as "awaitingNumber", p.line, p.insurer_id as "insurerId",
                p.start_date::text as "startDate", p.renewal_date::text as "renewalDate", p.premium::text as premium, ${POLICY_STATUS} as status, p.insured_item as "insuredItem",
                ${TODAY}::text as today
           from ? where p.contact_id = ? order by p.renewal_date desc, p.id desc limit ${LIST_MAX}`,
        [this.policies.of(userId).from('p'), contactId],
      ),
      this.knex.raw<{ rows: ContactFinanceOverview['claims'] }>(
        `select c.id, c.claim_id as "claimNumber", c.status, c.type, c.description, c.amount::text as amount, c.occurred_at::text as "occurredAt", p.policy_number as "policyNumber"
           from ? left join ? on p.id = c.policy_id
          where c.contact_id = ? order by c.date_filed desc, c.id desc limit ${LIST_MAX}`,
        [this.claims.of(userId).from('c'), this.policies.of(userId).from('p'), contactId],
      ),
      this.settings.get(userId),
      ensured,
    ] as const;
    await Promise.allSettled(firsts);
    const [policies, claims, settings] = await Promise.all(firsts);
    const policyIds = policies.rows.map((policy) => policy.id);
    const claimIds = claims.rows.map((claim) => claim.id);
    const live = policies.rows.filter((row) => row.status !== 'cancelled');
    const seconds = [
      this.documents
        .of(userId)
        .rows()
        .where((where) => {
          where.where({ contactId });
          if (policyIds.length > 0) where.orWhereIn('policyId', policyIds);
          if (claimIds.length > 0) where.orWhereIn('claimId', claimIds);
        })
        .orderBy([
          { column: 'uploadedAt', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(LIST_MAX)
        .select('id', 'originalName', 'category', 'uploadedAt', 'policyId', 'claimId') as Promise<
        (Omit<ContactFinanceOverview['documents'][number], 'uploadedAt'> & { uploadedAt: Date })[]
      >,
      this.instalments.listOf(
        userId,
        live.map((policy) => policy.id),
        this.knex,
        settings,
      ),
      this.knex.raw<{ rows: ContactFinanceOverview['renewals'] }>(
        `select r.id, r.policy_id as "policyId", p.policy_number as "policyNumber", r.due_date::text as "dueDate"
           from ? join ? on p.id = r.policy_id
          where r.status = 'open' and p.contact_id = ? order by r.due_date, r.id limit ${LIST_MAX}`,
        [this.renewals.of(userId).from('r'), this.policies.of(userId).from('p'), contactId],
      ),
    ] as const;
    await Promise.allSettled(seconds);
    const [documents, byPolicy, renewals] = await Promise.all(seconds);
    // The instalments whose commission is open: late, paid short, or due within the next 30 days.
    const soon = live.length > 0 ? addDaysToDay(live[0]!.today, DUE_SOON_DAYS) : '';
    const instalments: ContactFinanceOverview['instalments'] = [];
    for (const policy of live) {
      for (const instalment of byPolicy.get(policy.id) ?? []) {
        const open =
          instalment.status === 'nao_pago' ||
          instalment.status === 'pago_a_menor' ||
          (instalment.status === 'pendente' && instalment.dueDate <= soon);
        if (open)
          instalments.push({
            policyId: policy.id,
            policyNumber: policy.policyNumber,
            number: instalment.number,
            dueDate: instalment.dueDate,
            premium: instalment.premium,
            expectedCommission: instalment.expectedCommission,
            status: instalment.status,
          });
      }
    }
    instalments.sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.number - b.number);
    return {
      policies: policies.rows.map(({ insuredItem, today: _today, ...policy }) => ({
        ...policy,
        insured: describeInsuredItem(insuredItem),
      })),
      instalments,
      claims: claims.rows,
      documents: documents.map((document) => ({ ...document, uploadedAt: new Date(document.uploadedAt).toISOString() })),
      renewals: renewals.rows,
    };
  }
}
