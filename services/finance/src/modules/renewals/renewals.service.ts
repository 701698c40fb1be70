import {
  BONUS_GRACE_DAYS,
  DEFAULT_CHARGEBACK_STEPS,
  NOT_FOUND,
  RENEWAL_BUCKETS,
  RENEWAL_WINDOW_DAYS,
  RENEWALS_PAGE_SIZE,
  SAO_PAULO,
  cancellationMonth,
  centsToWire,
  chargebackPercent,
  divideRoundingHalfUp,
  renewalBucket,
  type ChargebackStep,
  type NextAction,
  type NextActionInput,
  type NextActionType,
  type Policy,
  type ReferenceData,
  type RenewalBucket,
  type RenewalDecision,
  type RenewalItem,
  type RenewalList,
  type RenewalOutcomeInput,
  type RenewalQuote,
  type InsuredItem,
  type RenewalsQuery,
} from '@corretora/contracts';
import { type BrokerScopedTable, HttpError, intArrayLiteral, isUniqueViolation, type Jobs } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';
import { addMonths } from '../policies/instalment-math';
import type { InstalmentPlans } from '../policies/instalment-plans';
import type { PoliciesService } from '../policies/policies.service';
import { TODAY } from '../policies/policy-sql';
import { renewPolicy } from '../policies/policy-renewal';
import { nextActionOf } from './next-action';

interface ItemRow {
  id: number;
  policyId: number;
  policyNumber: string;
  awaitingNumber: boolean;
  contactId: number | null;
  contactName: string;
  type: RenewalItem['type'];
  insurerId: number | null;
  premium: string;
  insuredItem: InsuredItem | null;
  renewalDate: string;
  startDate: string | null;
  daysLeft: number;
  dueCommissionCents: string;
  responsibleId: string;
  nextActionAt: Date | null;
  nextActionType: NextActionType | null;
  nextActionNote: string | null;
}

/** Renovações narrowed to one member's items (`?responsibleId=`; two `?`: the member or null). */
const MEMBER_FILTER = '(?::uuid is null or r.responsible_id = ?::uuid)';
const memberFilter = (responsibleId: string) => [responsibleId || null, responsibleId || null];

/** Policies that ended more than this many days ago get no renewal item (an old book imported is history, not work). */
const OVERDUE_HORIZON_DAYS = 60;
/** A policy (p) whose renewal is work: active, ending within the window or ended within the horizon. */
const IN_WINDOW = `p.status = 'active' and p.renewal_date <= ${TODAY} + ${RENEWAL_WINDOW_DAYS} and p.renewal_date >= ${TODAY} - ${OVERDUE_HORIZON_DAYS}`;
const ALREADY_DECIDED = 'Esta renovação já foi decidida.';
const NUMBER_TAKEN = 'Já existe uma apólice desta seguradora com este número.';
/**
 * Renovações: one renewal item per active policy ending within 90 days (or ended in the last
 * 60), written by the server idempotently (unique policy), quotes, and the outcome: renovada makes
 * the next term's policy (linked to this one, with its instalments), perdida needs a reason. Every
 * statement is scoped to the broker.
 */
export class RenewalsService {
  private readonly policies: BrokerScopedTable;
  private readonly renewals: BrokerScopedTable;
  private readonly quotes: BrokerScopedTable;
  private readonly policyMarks: BrokerScopedTable;

  constructor(
    private readonly knex: Knex,
    private readonly policyService: PoliciesService,
    private readonly instalments: InstalmentPlans,
    private readonly insurers: (userId: string) => Promise<ReferenceData['insurers']>,
    private readonly chargebackSteps: (userId: string, insurerId: number) => Promise<readonly ChargebackStep[]>,
  ) {
    this.policies = tables.scoped(knex, 'policies');
    this.renewals = tables.scoped(knex, 'renewals');
    this.quotes = tables.scoped(knex, 'quotes');
    this.policyMarks = tables.scoped(knex, 'policy_months_dirty');
  }

  /**
   * Statistics Postgres has not caught up with (a book just imported: thousands of rows the last
   * ANALYZE never saw, so the planner counts 1 for the broker) are taken now, before the reads
   * below: with rows=1 the renewals page was planned as nested loops over every pair of rows (0.5 s
   * for 5,000 policies, 10 s through the page with the items' write). Autovacuum would get there
   * within a minute; the broker who has just imported opens Renovações now. A catalogue read when
   * nothing is stale.
   */
  private async freshStatistics(trx: Knex): Promise<void> {
    const { rows } = await trx.raw<{ rows: { table: string }[] }>(
      `select relname as "table" from pg_stat_user_tables
        where schemaname = current_schema() and relname in ('policies', 'renewals') and n_mod_since_analyze > greatest(1000, n_live_tup / 10)`,
    );
    for (const { table } of rows) await trx.raw('analyze ??', [table]);
  }

  /**
   * The broker's missing renewal items, in one statement (a second run, or a parallel one, writes nothing);
   * with `contactId`, that client's only (the ficha: a large book's first items are the hourly sweep's work), and
   * then how many were missing (ensureOfContact).
   */
  async ensure(userId: string, contactId?: number, trx: Knex = this.knex): Promise<number> {
    if (contactId !== undefined) return this.ensureOfContact(userId, contactId, trx);
    await this.freshStatistics(trx);
    const result = await trx.raw(
      // The policies without an item as a set difference (EXCEPT: hashed or sorted, linear whatever
      // the planner believes). An anti-join was planned as a nested loop when the statistics had not
      // seen a just-imported book yet (rows=1): 5,000 policies took 5.8 s, every row of one side
      // against every row of the other; this takes 0.1 s. The conflict clause still settles two
      // parallel reads.
      `insert into renewals (user_id, policy_id, due_date)
       select ?, p.id, p.renewal_date from ?
        where ${IN_WINDOW} and p.id in (select p.id from ? where ${IN_WINDOW} except select r.policy_id from ?)
       on conflict (user_id, policy_id) do nothing`,
      [userId, this.policies.of(userId, trx).from('p'), this.policies.of(userId, trx).from('p'), this.renewals.of(userId, trx).from('r')],
    );
    const created = (result as { rowCount: number }).rowCount;
    if (created > 1000) await this.freshStatistics(trx);
    return created;
  }

  /**
   * One client's missing items: their few policies in the window (the contact's index), each looked up
   * among the items by its unique (broker, policy) — not the book's set difference, whose other side is
   * every item of the brokerage (116,000 rows read on every ficha of a client with a renewal coming, in
   * the large brokerage: 20–30 ms). A handful of rows plans the same whatever the statistics say, so no
   * statistics are taken first either. Answers how many were missing as this call saw them — written by
   * it, or by a parallel call it waited for. A read of the items that must see them goes after it.
   */
  private async ensureOfContact(userId: string, contactId: number, trx: Knex): Promise<number> {
    const { rows } = await trx.raw<{ rows: { missing: number }[] }>(
      `with missing as (
         select p.id, p.renewal_date from ? where p.contact_id = ? and ${IN_WINDOW} and not exists (select 1 from ? where r.policy_id = p.id)
       ), added as (
         insert into renewals (user_id, policy_id, due_date) select ?, id, renewal_date from missing on conflict (user_id, policy_id) do nothing
       )
       select count(*)::int as missing from missing`,
      [this.policies.of(userId, trx).from('p'), contactId, this.renewals.of(userId, trx).from('r'), userId],
    );
    return rows[0]!.missing;
  }

  /**
   * The whole book's missing items, only when a policy was written since the month-totals job last
   * summed (its marks still stand): that job writes them in the transaction that removes the marks
   * (MonthTotals' afterPolicyMonths), and the hourly sweep those a new day brings into the window, so a
   * large book's lists (Minhas tarefas, Renovações) do not compare every policy of the window on every open.
   */
  async ensureWhenWritten(userId: string): Promise<number> {
    const written = await this.policyMarks.of(userId).rows().first('id');
    return written ? this.ensure(userId) : 0;
  }

  /** Every broker with a policy in the window, one by one (the hourly sweep: items appear without anyone opening the page). */
  async sweep(): Promise<number> {
    const { rows } = await this.knex.raw<{ rows: { userId: string }[] }>(
      `select distinct user_id as "userId" from policies
        where status = 'active' and renewal_date between ${TODAY} - ${OVERDUE_HORIZON_DAYS} and ${TODAY} + ${RENEWAL_WINDOW_DAYS}`,
    );
    let created = 0;
    for (const row of rows) created += await this.ensure(row.userId);
    return created;
  }

  /** The sweep every hour on the job layer (once for all replicas), and once as the service starts. */
  schedule(jobs: Jobs): void {
    jobs.work('renewal_sweep', () => this.sweep());
    jobs.schedule('renewal_sweep', '5 * * * *', { tz: SAO_PAULO });
    jobs.sendOnStart('renewal_sweep');
  }

  async list(userId: string, query: RenewalsQuery): Promise<RenewalList> {
    await this.ensureWhenWritten(userId);
    // Counts by days left (a row per day at most), bucketed here; the page in SQL, the soonest first.
    // On the items alone (their due date is the policy's end, kept in step by imports): an index range.
    const { rows: days } = await this.knex.raw<{ rows: { daysLeft: number; n: number }[] }>(
      `select (r.due_date - ${TODAY})::int as "daysLeft", count(*)::int as n from ? where r.status = 'open' and ${MEMBER_FILTER} group by 1`,
      [this.renewals.of(userId).from('r'), ...memberFilter(query.responsibleId)],
    );
    const counts = Object.fromEntries(RENEWAL_BUCKETS.map((bucket) => [bucket.value, 0])) as Record<RenewalBucket, number>;
    for (const day of days) counts[renewalBucket(day.daysLeft)] += day.n;
    const range = RENEWAL_BUCKETS.find((bucket) => bucket.value === query.bucket);
    const total = range ? counts[range.value] : Object.values(counts).reduce((sum, n) => sum + n, 0);
    const { rows: shown } = await this.knex.raw<{ rows: ItemRow[] }>(
      `select r.id, p.id as "policyId", p.policy_number as "policyNumber", p.awaiting_number as "awaitingNumber", p.contact_id as "contactId",
              p.contact_name as "contactName", p.type, p.insurer_id as "insurerId", p.premium::text as premium, p.insured_item as "insuredItem", p.renewal_date::text as "renewalDate",
              p.start_date::text as "startDate", (p.renewal_date - ${TODAY})::int as "daysLeft",
              coalesce((select (sum(i.expected_commission) * 100)::bigint from policy_instalments i
                         where i.policy_id = p.id and i.due_date <= ${TODAY}), 0)::text as "dueCommissionCents",
              r.responsible_id as "responsibleId", r.next_action_at as "nextActionAt", r.next_action_type as "nextActionType", r.next_action_note as "nextActionNote"
         from (select * from ? where r.status = 'open' and ${MEMBER_FILTER} and r.due_date between ${TODAY} + ?::int and ${TODAY} + ?::int
                 order by r.due_date, r.policy_id limit ? offset ?) r
         join ? on p.id = r.policy_id
        order by r.due_date, r.policy_id`,
      [
        this.renewals.of(userId).from('r'),
        ...memberFilter(query.responsibleId),
        range?.from ?? -100_000,
        range?.to ?? 100_000,
        RENEWALS_PAGE_SIZE,
        (query.page - 1) * RENEWALS_PAGE_SIZE,
        this.policies.of(userId).from('p'),
      ],
    );
    const quotes = await this.quotesOf(
      userId,
      shown.map((row) => row.id),
    );
    const items: RenewalItem[] = [];
    // One scale per insurer for the page, not one catalogues call per item.
    const scales = new Map<number | null, Promise<readonly ChargebackStep[]>>();
    const scaleOf = (insurerId: number | null) => {
      if (!scales.has(insurerId))
        scales.set(insurerId, insurerId === null ? Promise.resolve(DEFAULT_CHARGEBACK_STEPS) : this.chargebackSteps(userId, insurerId));
      return scales.get(insurerId)!;
    };
    for (const row of shown) {
      const own = quotes.get(row.id) ?? [];
      items.push({
        id: row.id,
        policyId: row.policyId,
        policyNumber: row.policyNumber,
        awaitingNumber: row.awaitingNumber,
        contactId: row.contactId,
        contactName: row.contactName,
        type: row.type,
        insurerId: row.insurerId,
        premium: row.premium,
        insuredItem: row.insuredItem,
        renewalDate: row.renewalDate,
        daysLeft: row.daysLeft,
        bucket: renewalBucket(row.daysLeft),
        responsibleId: row.responsibleId,
        quotes: own,
        bonusKeptUntil: row.type === 'auto' ? addDays(row.renewalDate, BONUS_GRACE_DAYS) : null,
        switchChargeback: own.some((quote) => quote.insurerId !== row.insurerId)
          ? switchChargeback(row, await scaleOf(row.insurerId))
          : null,
        nextAction: nextActionOf(row),
      });
    }
    return { items, counts, total, page: query.page, pageSize: RENEWALS_PAGE_SIZE };
  }

  private async quotesOf(userId: string, renewalIds: readonly number[]): Promise<Map<number, RenewalQuote[]>> {
    const byRenewal = new Map<number, RenewalQuote[]>();
    if (renewalIds.length === 0) return byRenewal;
    const rows = (await this.quotes
      .of(userId)
      .rows()
      .whereRaw('renewal_id = any(?::int[])', [intArrayLiteral(renewalIds)])
      .orderBy('id')
      .select('id', 'renewalId', 'insurerId', this.knex.raw('total_premium::text as premium'), 'note', 'createdAt')) as (RenewalQuote & {
      renewalId: number;
      createdAt: Date;
    })[];
    for (const { renewalId, ...quote } of rows)
      byRenewal.set(renewalId, [...(byRenewal.get(renewalId) ?? []), { ...quote, createdAt: new Date(quote.createdAt).toISOString() }]);
    return byRenewal;
  }

  private async insurerOfBroker(userId: string, insurerId: number, path: string): Promise<void> {
    if (!(await this.insurers(userId)).some((insurer) => insurer.id === insurerId))
      throw new HttpError(400, 'Selecione uma das suas seguradoras.', [{ path, message: 'Selecione uma das suas seguradoras.' }]);
  }

  /** PUT /api/renewals/{id}/next-action: set (or, with dueAt null, clear) what comes next; only while open. */
  async setNextAction(userId: string, renewalId: number, input: NextActionInput): Promise<{ id: number; nextAction: NextAction | null }> {
    const changes =
      input.dueAt === null
        ? { nextActionAt: null, nextActionType: null, nextActionNote: null }
        : { nextActionAt: new Date(input.dueAt), nextActionType: input.type, nextActionNote: input.note };
    const [row] = (await this.renewals
      .of(userId)
      .byId(renewalId)
      .andWhere({ status: 'open' })
      .update(changes)
      .returning(['nextActionAt', 'nextActionType', 'nextActionNote'])) as Pick<
      ItemRow,
      'nextActionAt' | 'nextActionType' | 'nextActionNote'
    >[];
    if (!row) {
      const exists = await this.renewals.of(userId).byId(renewalId).first('id');
      if (!exists) throw new HttpError(404, NOT_FOUND.renewal);
      throw new HttpError(409, ALREADY_DECIDED);
    }
    return { id: renewalId, nextAction: nextActionOf(row) };
  }

  /**
   * POST /api/renewals/{id}/outcome. Renovada: the next term's policy (from the old one's end, a year
   * long; the premium and insurer given, else the quote chosen, else last year's; the commission as
   * sold) and its instalments, in the same transaction as the decision. Perdida: the reason. A
   * decision is taken once (a conditional update): parallel ones get one policy and a 409.
   */
  async decide(userId: string, renewalId: number, input: RenewalOutcomeInput): Promise<RenewalDecision> {
    const newPolicyId = await this.decideInTransaction(userId, renewalId, input).catch((error: unknown) => {
      if (!isUniqueViolation(error, 'policies_user_insurer_number_unique')) throw error;
      throw new HttpError(409, NUMBER_TAKEN, [{ path: 'newPolicy.policyNumber', message: NUMBER_TAKEN }]);
    });
    const newPolicy: Policy | null = newPolicyId === null ? null : ((await this.policyService.byId(userId, newPolicyId)) ?? null);
    return { id: renewalId, outcome: input.outcome, reason: input.outcome === 'lost' ? input.reason : null, newPolicy };
  }

  private decideInTransaction(userId: string, renewalId: number, input: RenewalOutcomeInput): Promise<number | null> {
    return this.knex.transaction(async (trx) => {
      const renewal = (await this.renewals.of(userId, trx).byId(renewalId).forUpdate().first('id', 'status', 'policyId')) as
        { id: number; status: string; policyId: number } | undefined;
      if (!renewal) throw new HttpError(404, NOT_FOUND.renewal);
      if (renewal.status !== 'open') throw new HttpError(409, ALREADY_DECIDED);
      if (input.outcome === 'lost') {
        await this.renewals
          .of(userId, trx)
          .byId(renewalId)
          .update({ status: 'lost', lostReason: input.reason, note: input.note, decidedAt: trx.fn.now() });
        return null;
      }
      const wanted = input.newPolicy;
      let premium: string | null = null;
      let insurerId: number | null = null;
      if (wanted?.quoteId) {
        const quote = (await this.quotes
          .of(userId, trx)
          .byId(wanted.quoteId)
          .andWhere({ renewalId })
          .first(trx.raw('total_premium::text as premium'), 'insurerId')) as { premium: string; insurerId: number } | undefined;
        if (!quote)
          throw new HttpError(400, 'Cotação não encontrada.', [{ path: 'newPolicy.quoteId', message: 'Cotação não encontrada.' }]);
        premium = String(quote.premium);
        insurerId = quote.insurerId;
      }
      if (wanted?.premium !== null && wanted?.premium !== undefined) premium = centsToWire(wanted.premium);
      if (wanted?.insurerId) {
        await this.insurerOfBroker(userId, wanted.insurerId, 'newPolicy.insurerId');
        insurerId = wanted.insurerId;
      }
      const createdId = await renewPolicy(trx, this.policies, userId, renewal.policyId, {
        premium,
        insurerId,
        policyNumber: wanted?.policyNumber || null,
      });
      await this.instalments.replan(trx, userId, [createdId]);
      await this.renewals
        .of(userId, trx)
        .byId(renewalId)
        .update({ status: 'renewed', newPolicyId: createdId, note: input.note, decidedAt: trx.fn.now() });
      if (wanted?.quoteId) await this.closeQuotes(trx, userId, renewalId, wanted.quoteId, createdId);
      return createdId;
    });
  }

  /** Renewed with one of its quotes: that quote won (and the new term's policy links it), the others lost, as a deal's. */
  private async closeQuotes(trx: Knex.Transaction, userId: string, renewalId: number, quoteId: number, policyId: number): Promise<void> {
    await this.quotes.of(userId, trx).byId(quoteId).update({ status: 'won', decidedAt: trx.fn.now(), updatedAt: trx.fn.now() });
    await this.quotes
      .of(userId, trx)
      .rows()
      .where({ renewalId })
      .whereNot({ id: quoteId })
      .update({ status: 'lost', decidedAt: trx.fn.now(), updatedAt: trx.fn.now() });
    await this.policies.of(userId, trx).byId(policyId).update({ quoteId });
  }
}

/** What the current insurer's scale would take back if the policy were cancelled today to move. */
function switchChargeback(row: ItemRow, steps: readonly ChargebackStep[]): RenewalItem['switchChargeback'] {
  const today = addDays(row.renewalDate, -row.daysLeft);
  const percent = chargebackPercent(steps, cancellationMonth(row.startDate ?? addMonths(row.renewalDate, -12), today));
  const hundredths = BigInt(Math.round(percent * 100));
  const amount = divideRoundingHalfUp(BigInt(row.dueCommissionCents) * hundredths, 10_000n);
  return { percent: percent.toFixed(2), amount: centsToWire(Number(amount)) };
}

function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}
