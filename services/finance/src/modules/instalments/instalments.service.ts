import {
  NOT_FOUND,
  centsToWire,
  wireToCents,
  type InstalmentPaymentLinkInput,
  type PaymentPlanInput,
  type PolicyInstalment,
} from '@corretora/contracts';
import { type BrokerScopedTable, HttpError, intArrayLiteral, preparedRead } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';
import type { InstalmentPlans } from '../policies/instalment-plans';
import { commissionCents } from '../policies/commission-math';
import { COMMISSION_BASE_CENTS, TODAY } from '../policies/policy-sql';
import type { Reconciliation, ReceivableSettingsService } from '../policies/receivable-settings.service';
import { syncRenewals } from '../policies/renewal-sync';
import { cents, instalmentStatus } from '../policies/receivables-math';
import { planInstalments } from '../policies/instalment-math';

interface PlanRow {
  id: number;
  premiumCents: string;
  baseCents: string;
  commissionType: 'percentage' | 'fixed';
  hundredths: string;
  defaultFirst: string;
  count: number | null;
  firstDue: string | null;
}

/**
 * Each policy's instalments: written when the policy is issued or imported (keeping its plan, or
 * one instalment à vista), and when the broker sets a plan. Every statement is scoped to the broker.
 */
export class InstalmentsService implements InstalmentPlans {
  private readonly policies: BrokerScopedTable;
  private readonly instalments: BrokerScopedTable;

  private readonly lines: BrokerScopedTable;

  constructor(
    private readonly knex: Knex,
    private readonly settings: ReceivableSettingsService,
  ) {
    this.policies = tables.scoped(knex, 'policies');
    this.instalments = tables.scoped(knex, 'policy_instalments');
    this.lines = tables.scoped(knex, 'statement_lines');
  }

  /**
   * Rewrites the instalments of these policies from their figures: the plan given, else the one
   * they have (count and first due date), else one instalment due at the start (or a year before
   * the renewal). The open renewal item follows the policy (renewal-sync.ts). In the caller's transaction.
   */
  async replan(
    trx: Knex.Transaction,
    userId: string,
    policyIds: readonly number[],
    plan?: Pick<PaymentPlanInput, 'instalments' | 'firstDueDate'>,
  ): Promise<void> {
    if (policyIds.length === 0) return;
    const { rows } = await trx.raw<{ rows: PlanRow[] }>(
      `select p.id, (p.premium * 100)::bigint::text as "premiumCents", ${COMMISSION_BASE_CENTS} as "baseCents",
              p.commission_type as "commissionType", (p.commission_value * 100)::bigint::text as hundredths,
              coalesce(p.start_date, (p.renewal_date - interval '1 year')::date)::text as "defaultFirst",
              (select count(*)::int from policy_instalments i where i.policy_id = p.id) as count,
              (select min(i.due_date)::text from policy_instalments i where i.policy_id = p.id) as "firstDue"
         from ? where p.id = any(?::int[])`,
      [this.policies.of(userId, trx).from('p'), intArrayLiteral(policyIds)],
    );
    const planned = rows.flatMap((row) => {
      const commission = commissionCents({
        baseCents: Number(row.baseCents),
        commissionType: row.commissionType,
        commissionValueHundredths: Number(row.hundredths),
      });
      const count = plan?.instalments ?? (row.count || 1);
      const first = plan?.firstDueDate ?? row.firstDue ?? row.defaultFirst;
      return planInstalments(Number(row.premiumCents), commission, count, first).map((instalment) => ({
        policy_id: row.id,
        number: instalment.number,
        due_date: instalment.dueDate,
        premium: centsToWire(instalment.premiumCents),
        expected_commission: centsToWire(instalment.commissionCents),
      }));
    });
    const ids = rows.map((row) => row.id);
    // A boleto's link stays on an instalment whose due date and premium the new plan keeps; a changed
    // instalment's boleto is not the one the client owes any more.
    const links = new Map(
      (
        (await this.instalments
          .of(userId, trx)
          .rows()
          .whereIn('policyId', ids)
          .whereNotNull('paymentLink')
          .select('policyId', 'number', trx.raw('due_date::text as "dueDate"'), trx.raw('premium::text as premium'), 'paymentLink')) as {
          policyId: number;
          number: number;
          dueDate: string;
          premium: string;
          paymentLink: string;
        }[]
      ).map((row) => [`${row.policyId}/${row.number}/${row.dueDate}/${wireToCents(row.premium)}`, row.paymentLink]),
    );
    const kept = planned.map((instalment) => ({
      ...instalment,
      payment_link:
        links.get(`${instalment.policy_id}/${instalment.number}/${instalment.due_date}/${wireToCents(instalment.premium)}`) ?? null,
    }));
    // Statement lines paid to these instalments keep their instalment by its number across the new plan.
    const { rows: paid } = await trx.raw<{ rows: { id: number; number: number }[] }>(
      'select s.id, i.number from ? join ? on i.id = s.instalment_id where i.policy_id = any(?::int[])',
      [this.lines.of(userId, trx).from('s'), this.instalments.of(userId, trx).from('i'), intArrayLiteral(ids)],
    );
    await this.instalments.of(userId, trx).rows().whereIn('policyId', ids).delete();
    if (kept.length > 0)
      await trx.raw(
        `insert into policy_instalments (user_id, policy_id, number, due_date, premium, expected_commission, payment_link)
         select ?, x.policy_id, x.number, x.due_date, x.premium, x.expected_commission, x.payment_link
           from jsonb_to_recordset(?::jsonb)
             as x(policy_id int, number int, due_date date, premium numeric, expected_commission numeric, payment_link text)`,
        [userId, JSON.stringify(kept)],
      );
    await syncRenewals(trx, userId, ids);
    if (paid.length > 0)
      await this.lines.of(userId, trx).updateFrom(
        's',
        {
          set: 'instalment_id = i.id',
          from: 'jsonb_to_recordset(?::jsonb) as x(id int, number int), ?',
          where: 's.id = x.id and i.policy_id = s.policy_id and i.number = x.number',
        },
        { from: [JSON.stringify(paid), this.instalments.of(userId, trx).from('i')] },
      );
  }

  /** A policy's instalments with what statements paid on each and the status that gives (receivables-math.ts). */
  async list(userId: string, policyId: number, trx: Knex | Knex.Transaction = this.knex): Promise<PolicyInstalment[]> {
    const exists = await this.policies.of(userId, trx).byId(policyId).first('id');
    if (!exists) throw new HttpError(404, NOT_FOUND.policy);
    return (await this.listOf(userId, [policyId], trx)).get(policyId) ?? [];
  }

  /**
   * The instalments of several of the member's policies in one statement, by policy: ids outside the
   * member's scope simply have none. `{ contactId }`: every policy of that client's (the ficha's, read
   * beside the policies rather than after them).
   */
  async listOf(
    userId: string,
    policies: readonly number[] | { contactId: number },
    trx: Knex | Knex.Transaction = this.knex,
    /** The broker's reconciliation settings when the caller reads them already (the ficha, beside its other reads). */
    known?: Reconciliation | Promise<Reconciliation>,
  ): Promise<Map<number, PolicyInstalment[]>> {
    const byPolicy = new Map<number, PolicyInstalment[]>();
    const ofContact = 'contactId' in policies;
    if (!ofContact && policies.length === 0) return byPolicy;
    const which = !ofContact
      ? { sql: 'i.policy_id = any(?::int[])', bindings: [[...policies]] }
      : {
          sql: 'i.policy_id in (select p.id from ? where p.contact_id = ?)',
          bindings: [this.policies.of(userId, trx).from('p'), policies.contactId],
        };
    const [settings, rows] = await Promise.all([
      known ?? this.settings.get(userId, trx),
      preparedRead<
        Pick<PolicyInstalment, 'number' | 'dueDate' | 'premium' | 'expectedCommission' | 'received' | 'paymentLink'> & {
          policyId: number;
          chargeback: boolean;
          today: string;
        }
      >(
        trx,
        trx.raw(
          `select i.policy_id as "policyId", i.number, i.due_date::text as "dueDate", i.premium::text as premium, i.expected_commission::text as "expectedCommission",
                i.payment_link as "paymentLink", r.received::text as received, coalesce(r.chargeback, false) as chargeback, ${TODAY}::text as today
           from ?
           left join lateral (select sum(s.gross) as received, bool_or(s.type = 'estorno') as chargeback
                                from ? where s.instalment_id = i.id having count(*) > 0) r on true
          where ${which.sql}
          order by i.policy_id, i.number`,
          [this.instalments.of(userId, trx).from('i'), this.lines.of(userId, trx).from('s'), ...which.bindings],
        ),
      ),
    ]);
    for (const { chargeback, today, policyId, ...row } of rows) {
      const expected = cents(row.expectedCommission)!;
      const received = cents(row.received);
      const instalment: PolicyInstalment = {
        ...row,
        status: instalmentStatus({
          expectedCents: expected,
          receivedCents: received,
          hasChargeback: chargeback,
          dueDate: row.dueDate,
          today,
          graceDays: settings.graceDays,
          toleranceCents: settings.toleranceCents,
        }),
        difference: received === null ? null : centsToWire(received - expected),
      };
      byPolicy.set(policyId, [...(byPolicy.get(policyId) ?? []), instalment]);
    }
    return byPolicy;
  }

  /** PUT …/instalments/{number}/payment-link: attaches (or removes) the boleto's or Pix's link; another broker's or member's policy is a 404. */
  async setPaymentLink(
    userId: string,
    policyId: number,
    number: number,
    { paymentLink }: InstalmentPaymentLinkInput,
  ): Promise<PolicyInstalment[]> {
    return this.knex.transaction(async (trx) => {
      const policy = await this.policies.of(userId, trx).byId(policyId).first('id');
      if (!policy) throw new HttpError(404, NOT_FOUND.policy);
      const updated = await this.instalments.of(userId, trx).rows().where({ policyId, number }).update({ paymentLink });
      if (updated === 0) throw new HttpError(404, NOT_FOUND.instalment);
      return this.list(userId, policyId, trx);
    });
  }

  /** PUT …/payment-plan: a cancelled policy keeps its plan (409); the rest is replanned in one transaction. */
  async setPlan(userId: string, policyId: number, plan: PaymentPlanInput): Promise<PolicyInstalment[]> {
    return this.knex.transaction(async (trx) => {
      const policy = (await this.policies.of(userId, trx).byId(policyId).forUpdate().first('id', 'status')) as
        { id: number; status: string } | undefined;
      if (!policy) throw new HttpError(404, NOT_FOUND.policy);
      if (policy.status === 'cancelled') throw new HttpError(409, 'Uma apólice cancelada não muda de plano de pagamento.');
      await this.policies.of(userId, trx).byId(policyId).update({ paymentMethod: plan.method, updatedAt: trx.fn.now() });
      await this.replan(trx, userId, [policyId], plan);
      return this.list(userId, policyId, trx);
    });
  }
}
