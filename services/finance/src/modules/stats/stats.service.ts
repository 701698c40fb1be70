import { ACTIVE_CLAIM_STATUSES, divideRoundingHalfUp, type FinanceStats } from '@corretora/contracts';
import { type BrokerScopedTable, currentMember, recentActivity, readerOf } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';
import { COMMISSION_CENTS, INSTALMENT_EXPECTED, TODAY } from '../policies/policy-sql';
import type { ReceivableSettingsService } from '../policies/receivable-settings.service';
import type { RepasseService } from '../repasse/repasse.service';

/**
 * Finance's share of the dashboard: active policies, open claims (= pending: open or in review),
 * monthly revenue = the annual commission of the active policies / 12 in cents (the commissions
 * screen's arithmetic), the policies renewing in the next 30 days, and the latest 'Atividade
 * Recente' events.
 */
export class FinanceStatsService {
  private readonly policies: BrokerScopedTable;
  private readonly claims: BrokerScopedTable;

  private readonly instalments: BrokerScopedTable;
  private readonly lines: BrokerScopedTable;

  constructor(
    private readonly knex: Knex,
    private readonly settings: ReceivableSettingsService,
    private readonly repasse: RepasseService,
  ) {
    this.policies = tables.scoped(knex, 'policies');
    this.claims = tables.scoped(knex, 'claims');
    this.instalments = tables.scoped(knex, 'policy_instalments');
    this.lines = tables.scoped(knex, 'statement_lines');
  }

  /**
   * 'A receber este mês': this month's expected commission less what statements paid on it (never
   * below zero per instalment); 'Diferenças em aberto': instalments due so far paid short or over
   * beyond the tolerance, or not paid past the grace days (receivables-math.ts, in SQL).
   */
  private async receivables(userId: string): Promise<Pick<FinanceStats, 'receivableThisMonth' | 'openDifferences'>> {
    const settings = await this.settings.get(userId);
    const { rows } = await readerOf(this.knex).raw<{ rows: { receivable: string; count: number; amount: string }[] }>(
      `with r as (select s.instalment_id, sum(s.gross) as received, bool_or(s.type = 'estorno') as chargeback
                    from ? where s.instalment_id is not null group by s.instalment_id),
            x as (select i.due_date, i.expected_commission as expected, r.received, coalesce(r.chargeback, false) as chargeback
                    from ? join ? on p.id = i.policy_id left join r on r.instalment_id = i.id
                   where i.due_date < date_trunc('month', ${TODAY}) + interval '1 month' and ${INSTALMENT_EXPECTED})
       select (coalesce(sum(greatest(expected - coalesce(received, 0), 0))
                 filter (where not chargeback and due_date >= date_trunc('month', ${TODAY})), 0) * 100)::bigint::text as receivable,
              count(*) filter (where open)::int as count,
              (coalesce(sum(abs(coalesce(received, 0) - expected)) filter (where open), 0) * 100)::bigint::text as amount
         from (select *, not chargeback and (
                 (received is null and due_date + ?::int < ${TODAY}) or
                 (received is not null and abs(received - expected) * 100 > ?::int)) as open
                 from x) y`,
      [
        this.lines.of(userId).from('s'),
        this.instalments.of(userId).from('i'),
        this.policies.of(userId).from('p'),
        settings.graceDays,
        settings.toleranceCents,
      ],
    );
    const row = rows[0]!;
    return { receivableThisMonth: Number(row.receivable), openDifferences: { count: row.count, amount: Number(row.amount) } };
  }

  async of(userId: string): Promise<FinanceStats> {
    // Policies, claims and events are independent reads: all at once.
    const member = currentMember();
    // The Painel may lag (a read replica), unless this session has just written (read-replica.ts in the kit).
    const reader = readerOf(this.knex);
    const [{ rows }, claims, events, receivables, repasseDue] = await Promise.all([
      // Summed where the rows are (a large book: 500,000 policies), each policy rounded as commissionCents does.
      reader.raw<{ rows: { annualCents: string; active: number; renewing: number }[] }>(
        `select coalesce(sum(${COMMISSION_CENTS}), 0)::bigint::text as "annualCents",
                count(*)::int as active, count(*) filter (where p.renewal_date <= ${TODAY} + 30)::int as renewing
           from ? where p.status = 'active' and p.renewal_date >= ${TODAY}`,
        [this.policies.of(userId).from('p')],
      ),
      this.claims
        .of(userId, reader)
        .rows()
        .whereIn('status', ACTIVE_CLAIM_STATUSES as string[])
        .count<{ count: string }[]>('* as count'),
      recentActivity(reader, 'finance', userId),
      this.receivables(userId),
      // 'A receber de repasse' is a producer's own figure; managers read the month on Repasse.
      member?.role === 'producer' ? this.repasse.dueTo(userId, member.id) : Promise.resolve(null),
    ]);
    const figures = rows[0]!;
    const open = Number(claims[0]?.count ?? 0);
    return {
      activePolicies: figures.active,
      openClaims: open,
      pendingClaims: open,
      monthlyRevenue: Number(divideRoundingHalfUp(BigInt(figures.annualCents), 12n)),
      renewingIn30Days: figures.renewing,
      ...receivables,
      repasseDue: repasseDue?.due ?? null,
      repasseClosedUntil: repasseDue?.closedUntil ?? null,
      recentActivity: events,
    };
  }
}
