import {
  addDaysToDay,
  describeInsuredItem,
  saoPauloDay,
  type ContactFinanceFicha,
  type ContactFinanceOverview,
  type InsuredItem,
  type PolicyNumberTaskRow,
  type RenewalTaskRow,
} from '@corretora/contracts';
import { preparedRead, readsSettled, type BrokerScopedTable } from '@corretora/service-kit';
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

  constructor(
    private readonly knex: Knex,
    private readonly instalments: InstalmentsService,
    private readonly settings: ReceivableSettingsService,
    /** Writes the client's renewal items that are due (RenewalsService.ensure for one contact). */
    private readonly ensureRenewals: (userId: string, contactId: number) => Promise<unknown>,
    /** The client's open renewals, the soonest first, each saying whether it is work by `until`. */
    private readonly renewalRows: (userId: string, contactId: number, until: string) => Promise<(RenewalTaskRow & { due: boolean })[]>,
    /** The client's policies awaiting their number that are work by `until`. */
    private readonly numberTasks: (userId: string, contactId: number, until: string) => Promise<PolicyNumberTaskRow[]>,
  ) {
    this.policies = tables.scoped(knex, 'policies');
    this.claims = tables.scoped(knex, 'claims');
    this.documents = tables.scoped(knex, 'documents');
  }

  /** The overview alone (the internal op of the release before the ficha's one call). */
  async of(userId: string, contactId: number): Promise<ContactFinanceOverview> {
    return (await this.ficha(userId, contactId, saoPauloDay(new Date()))).overview;
  }

  /**
   * The ficha's one call: the overview and the client's tasks by `until`, in one round of reads side by
   * side — the client's policies, claims, documents (their own and their policies' and claims', by
   * subquery), instalments, renewals (listed, and counted among the tasks when due) and policies
   * awaiting their number — and the ensure of their renewal items, after which (and only after) the
   * renewals are read: read beside it, a parallel ficha's item committed between the two statements
   * was neither in the read nor missing for the ensure, and the ficha listed no renewal.
   * Every read ends before the answer, a failure too, and each runs once (readsSettled).
   */
  async ficha(userId: string, contactId: number, until: string): Promise<ContactFinanceFicha> {
    const settings = this.settings.get(userId);
    const [policies, claims, documents, byPolicy, renewals, awaiting] = await readsSettled([
      preparedRead<Omit<ContactFinanceOverview['policies'][number], 'insured'> & { insuredItem: InsuredItem | null; today: string }>(
        this.knex,
        this.knex.raw(
          // Today (São Paulo) with the policies: the instalments due soon are only ever asked of a policy.
          `select p.id, p.policy_number as "policyNumber", p.awaiting_number as "awaitingNumber", p.line, p.insurer_id as "insurerId",
                p.start_date::text as "startDate", p.renewal_date::text as "renewalDate", p.premium::text as premium, ${POLICY_STATUS} as status, p.insured_item as "insuredItem",
                ${TODAY}::text as today
           from ? where p.contact_id = ? order by p.renewal_date desc, p.id desc limit ${LIST_MAX}`,
          [this.policies.of(userId).from('p'), contactId],
        ),
      ),
      preparedRead<ContactFinanceOverview['claims'][number]>(
        this.knex,
        this.knex.raw(
          `select c.id, c.claim_id as "claimNumber", c.status, c.type, c.description, c.amount::text as amount, c.occurred_at::text as "occurredAt", p.policy_number as "policyNumber"
           from ? left join ? on p.id = c.policy_id
          where c.contact_id = ? order by c.date_filed desc, c.id desc limit ${LIST_MAX}`,
          [this.claims.of(userId).from('c'), this.policies.of(userId).from('p'), contactId],
        ),
      ),
      preparedRead<Omit<ContactFinanceOverview['documents'][number], 'uploadedAt'> & { uploadedAt: Date }>(
        this.knex,
        this.documents
          .of(userId)
          .rows()
          .where((where) => {
            where
              .where({ contactId })
              .orWhereIn('policyId', this.policies.of(userId).rows().where({ contactId }).select('id'))
              .orWhereIn('claimId', this.claims.of(userId).rows().where({ contactId }).select('id'));
          })
          .orderBy([
            { column: 'uploadedAt', order: 'desc' },
            { column: 'id', order: 'desc' },
          ])
          .limit(LIST_MAX)
          .select('id', 'originalName', 'category', 'uploadedAt', 'policyId', 'claimId'),
      ),
      this.instalments.listOf(userId, { contactId }, this.knex, settings),
      this.ensureRenewals(userId, contactId).then(() => this.renewalRows(userId, contactId, until)),
      this.numberTasks(userId, contactId, until),
      settings,
    ]);
    const live = policies.filter((row) => row.status !== 'cancelled');
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
    const overview: ContactFinanceOverview = {
      policies: policies.map(({ insuredItem, today: _today, ...policy }) => ({
        ...policy,
        insured: describeInsuredItem(insuredItem),
      })),
      instalments,
      claims,
      documents: documents.map((document) => ({ ...document, uploadedAt: new Date(document.uploadedAt).toISOString() })),
      renewals: renewals
        .slice(0, LIST_MAX)
        .map(({ id, policyId, policyNumber, renewalDate }) => ({ id, policyId, policyNumber, dueDate: renewalDate })),
    };
    return { overview, tasks: { renewals: renewals.filter((row) => row.due).map(({ due: _due, ...row }) => row), awaiting } };
  }
}
