import { CommissionsQuerySchema, type PolicyStatus, type PolicyType } from '@corretora/contracts';
import { currentUser, parseBody, requireUser } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { Knex } from 'knex';
import { POLICY_STATUS, TODAY } from '../policies/policy-sql';
import { commissions, type PolicyFigures } from './commission-math';

interface FigureRow {
  id: number;
  policyNumber: string;
  contactName: string;
  type: PolicyType;
  premiumCents: string;
  commissionType: 'percentage' | 'fixed';
  commissionValueHundredths: string;
  commissionValue: string;
  renewalDate: string;
  status: PolicyStatus;
  today: string;
}

/** GET /api/commissions?type&months: the broker's policies with their commission, and the summary. */
export function commissionsRoutes(router: Router, knex: Knex): void {
  router.get('/api/commissions', requireUser, async (ctx) => {
    const query = parseBody(CommissionsQuerySchema, ctx.query);
    const { rows } = await knex.raw<{ rows: FigureRow[] }>(
      `select p.id, p.policy_number as "policyNumber", p.contact_name as "contactName", p.type,
         (p.premium * 100)::bigint::text as "premiumCents", p.commission_type as "commissionType",
         (p.commission_value * 100)::bigint::text as "commissionValueHundredths", p.commission_value::text as "commissionValue",
         p.renewal_date::text as "renewalDate", ${POLICY_STATUS} as status, ${TODAY}::text as today
       from policies p where p.user_id = ?${query.type === 'all' ? '' : ' and p.type = ?'} order by p.renewal_date, p.id`,
      [currentUser(ctx).id, ...(query.type === 'all' ? [] : [query.type])],
    );
    const today = rows[0]?.today ?? (await knex.raw<{ rows: { today: string }[] }>(`select ${TODAY}::text as today`)).rows[0]!.today;
    const figures: PolicyFigures[] = rows.map(({ today: _today, premiumCents, commissionValueHundredths, ...row }) => ({
      ...row,
      premiumCents: Number(premiumCents),
      commissionValueHundredths: Number(commissionValueHundredths),
    }));
    ctx.body = commissions(figures, today, query.months);
  });
}
