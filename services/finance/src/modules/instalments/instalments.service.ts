import { NOT_FOUND, centsToWire, type PaymentPlanInput, type PolicyInstalment } from '@corretora/contracts';
import { BrokerScopedTable, HttpError, intArrayLiteral } from '@corretora/service-kit';
import type { Knex } from 'knex';
import { commissionCents } from '../commissions/commission-math';
import { COMMISSION_BASE_CENTS } from '../policies/policy-sql';
import { planInstalments } from './instalment-math';

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
export class InstalmentsService {
  private readonly policies: BrokerScopedTable;
  private readonly instalments: BrokerScopedTable;

  constructor(private readonly knex: Knex) {
    this.policies = new BrokerScopedTable(knex, 'policies');
    this.instalments = new BrokerScopedTable(knex, 'policy_instalments');
  }

  /**
   * Rewrites the instalments of these policies from their figures: the plan given, else the one
   * they have (count and first due date), else one instalment due at the start (or a year before
   * the renewal). In the caller's transaction.
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
    await this.instalments
      .of(userId, trx)
      .rows()
      .whereIn(
        'policyId',
        rows.map((row) => row.id),
      )
      .delete();
    if (planned.length > 0)
      await trx.raw(
        `insert into policy_instalments (user_id, policy_id, number, due_date, premium, expected_commission)
         select ?, x.policy_id, x.number, x.due_date, x.premium, x.expected_commission
           from jsonb_to_recordset(?::jsonb) as x(policy_id int, number int, due_date date, premium numeric, expected_commission numeric)`,
        [userId, JSON.stringify(planned)],
      );
  }

  async list(userId: string, policyId: number, trx: Knex | Knex.Transaction = this.knex): Promise<PolicyInstalment[]> {
    const exists = await this.policies.of(userId, trx).byId(policyId).first('id');
    if (!exists) throw new HttpError(404, NOT_FOUND.policy);
    const rows = (await this.instalments
      .of(userId, trx)
      .rows()
      .where({ policyId })
      .orderBy('number')
      .select(
        'number',
        trx.raw('due_date::text as "dueDate"'),
        trx.raw('premium::text as premium'),
        trx.raw('expected_commission::text as "expectedCommission"'),
      )) as Pick<PolicyInstalment, 'number' | 'dueDate' | 'premium' | 'expectedCommission'>[];
    return rows.map((row) => ({ ...row, status: 'pending', received: null, difference: null }));
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
