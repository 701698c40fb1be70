import {
  PIPELINE_OPERATIONS,
  PRODUCTION_MAX_MONTHS,
  saoPauloDay,
  shiftMonth,
  type PipelineProduction,
  type ProductionQuery,
  type ProductionReport,
  type ProductionRow,
} from '@corretora/contracts';
import { type BrokerScopedTable, HttpError, type InternalClient } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';
import { commissionCents } from '../policies/commission-math';
import { COMMISSION_BASE_CENTS, ISSUED_ON } from '../policies/policy-sql';

const PERIOD_BACKWARDS = 'O mês inicial vem antes do final.';
const PERIOD_TOO_LONG = `Escolha no máximo ${PRODUCTION_MAX_MONTHS} meses.`;

interface PolicyRow {
  memberId: string;
  month: string;
  premiumCents: string;
  baseCents: string;
  commissionType: 'percentage' | 'fixed';
  commissionValueHundredths: string;
}

/**
 * Equipe › Produção: per member and month, the policies that started in it (a renewal's
 * next term aside: it is a renewal kept), their premium and commission — each policy's commission as
 * Comissões computes it, summed in cents —, the renewals due in it kept and lost, and (asked of the
 * pipeline) the leads created in it with how many became a policy, and each member's overdue work.
 */
export class ProductionService {
  private readonly policies: BrokerScopedTable;
  private readonly renewals: BrokerScopedTable;

  constructor(
    private readonly knex: Knex,
    private readonly pipeline: InternalClient,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.policies = tables.scoped(knex, 'policies');
    this.renewals = tables.scoped(knex, 'renewals');
  }

  /** The period asked, or the last 6 months; backwards or longer than 24 months is a 400. */
  period(query: ProductionQuery): { from: string; to: string } {
    const to = query.to ?? saoPauloDay(this.now()).slice(0, 7);
    const from = query.from ?? shiftMonth(to, -5);
    // YYYY-MM months compare as text.
    if (from > to) throw new HttpError(400, PERIOD_BACKWARDS, [{ path: 'from', message: PERIOD_BACKWARDS }]);
    if (shiftMonth(from, PRODUCTION_MAX_MONTHS - 1) < to)
      throw new HttpError(400, PERIOD_TOO_LONG, [{ path: 'from', message: PERIOD_TOO_LONG }]);
    return { from, to };
  }

  async report(userId: string, query: ProductionQuery): Promise<ProductionReport> {
    const { from, to } = this.period(query);
    const line = query.line === 'all' ? null : query.line;
    const range = [`${from}-01`, `${to}-01`, line, line];
    const [policies, renewals, pipeline] = await Promise.all([
      this.knex.raw<{ rows: PolicyRow[] }>(
        `select p.responsible_id as "memberId", to_char(coalesce(p.start_date, ${ISSUED_ON}), 'YYYY-MM') as month,
                (p.premium * 100)::bigint::text as "premiumCents", ${COMMISSION_BASE_CENTS} as "baseCents",
                p.commission_type as "commissionType", (p.commission_value * 100)::bigint::text as "commissionValueHundredths"
           from ?
          where p.renewed_from_policy_id is null
            and coalesce(p.start_date, ${ISSUED_ON}) >= ?::date and coalesce(p.start_date, ${ISSUED_ON}) < ?::date + interval '1 month'
            and (?::text is null or p.line = ?)`,
        [this.policies.of(userId).from('p'), ...range],
      ),
      this.knex.raw<{ rows: { memberId: string; month: string; kept: number; lost: number }[] }>(
        `select p.responsible_id as "memberId", to_char(r.due_date, 'YYYY-MM') as month,
                (count(*) filter (where r.status = 'renewed'))::int as kept, (count(*) filter (where r.status = 'lost'))::int as lost
           from ? join ? on p.id = r.policy_id
          where r.due_date >= ?::date and r.due_date < ?::date + interval '1 month' and (?::text is null or p.line = ?)
          group by 1, 2`,
        [this.renewals.of(userId).from('r'), this.policies.of(userId).from('p'), ...range],
      ),
      this.pipeline.call(PIPELINE_OPERATIONS.pipelineProduction, { params: { userId }, query: { from, to } }).then(
        (answer): PipelineProduction | null => answer,
        () => null,
      ),
    ]);

    const rows = new Map<string, ProductionRow>();
    const row = (memberId: string, month: string) => {
      const key = `${month} ${memberId}`;
      let found = rows.get(key);
      if (!found) {
        found = { memberId, month, newPolicies: 0, premium: 0, commission: 0, leads: 0, won: 0, renewalsKept: 0, renewalsLost: 0 };
        rows.set(key, found);
      }
      return found;
    };
    for (const policy of policies.rows) {
      const target = row(policy.memberId, policy.month);
      target.newPolicies += 1;
      target.premium += Number(policy.premiumCents);
      target.commission += commissionCents({
        baseCents: Number(policy.baseCents),
        commissionType: policy.commissionType,
        commissionValueHundredths: Number(policy.commissionValueHundredths),
      });
    }
    for (const renewal of renewals.rows) {
      const target = row(renewal.memberId, renewal.month);
      target.renewalsKept += renewal.kept;
      target.renewalsLost += renewal.lost;
    }
    // Leads have no line until a policy says it: with a line chosen, the pipeline's half is left out.
    if (pipeline && !line)
      for (const leads of pipeline.rows) {
        const target = row(leads.memberId, leads.month);
        target.leads += leads.leads;
        target.won += leads.won;
      }
    return {
      from,
      to,
      line: query.line,
      rows: [...rows.values()].sort((a, b) => a.month.localeCompare(b.month) || a.memberId.localeCompare(b.memberId)),
      overdueTasks: pipeline?.overdueTasks ?? [],
      unavailable: pipeline ? [] : ['pipeline'],
    };
  }
}
