import type { CommissionsQuery, CommissionsResponse, PolicyStatus, PolicyType } from '@corretora/contracts';
import { BrokerScopedTable } from '@corretora/service-kit';
import type { Knex } from 'knex';
import { COMMISSION_BASE_CENTS, POLICY_STATUS, TODAY } from '../policies/policy-sql';
import { commissions, type PolicyFigures } from './commission-math';

interface FigureRow {
  id: number;
  policyNumber: string;
  contactName: string;
  type: PolicyType;
  premiumCents: string;
  baseCents: string;
  commissionType: 'percentage' | 'fixed';
  commissionValueHundredths: string;
  commissionValue: string;
  renewalDate: string;
  status: PolicyStatus;
  today: string;
}

/** The broker's policies with their commission, and the summary (commission-math.ts does the arithmetic). */
export class CommissionsService {
  private readonly policies: BrokerScopedTable;

  constructor(private readonly knex: Knex) {
    this.policies = new BrokerScopedTable(knex, 'policies');
  }

  async report(userId: string, query: CommissionsQuery): Promise<CommissionsResponse> {
    const { rows } = await this.knex.raw<{ rows: FigureRow[] }>(
      `select p.id, p.policy_number as "policyNumber", p.contact_name as "contactName", p.type,
         (p.premium * 100)::bigint::text as "premiumCents", ${COMMISSION_BASE_CENTS} as "baseCents", p.commission_type as "commissionType",
         (p.commission_value * 100)::bigint::text as "commissionValueHundredths", p.commission_value::text as "commissionValue",
         p.renewal_date::text as "renewalDate", ${POLICY_STATUS} as status, ${TODAY}::text as today
       from ?${query.type === 'all' ? '' : ' where p.type = ?'} order by p.renewal_date, p.id`,
      [this.policies.of(userId).from('p'), ...(query.type === 'all' ? [] : [query.type])],
    );
    const today = rows[0]?.today ?? (await this.knex.raw<{ rows: { today: string }[] }>(`select ${TODAY}::text as today`)).rows[0]!.today;
    const figures: PolicyFigures[] = rows.map(({ today: _today, premiumCents, baseCents, commissionValueHundredths, ...row }) => ({
      ...row,
      premiumCents: Number(premiumCents),
      baseCents: Number(baseCents),
      commissionValueHundredths: Number(commissionValueHundredths),
    }));
    return commissions(figures, today, query.months);
  }
}
