import { FINANCE_OPERATIONS as OPS, centsToWire, type ProductionReport } from '@corretora/contracts';
import { csvDocument, csvMoney, route, sendCsv, teamOrNobody, type InternalClient } from '@corretora/service-kit';
import type Router from '@koa/router';
import type { ProductionService } from './production.service';

/** Conversion in percent with one decimal, pt-BR ('33,3'); '' without leads. */
const conversion = (won: number, leads: number) => (leads === 0 ? '' : ((won * 100) / leads).toFixed(1).replace('.', ','));

/** The Produção table as Excel in pt-BR reads it: one line per member and month, named. */
function productionCsv(report: ProductionReport, nameOf: (memberId: string) => string): string {
  const overdue = new Map(report.overdueTasks.map((entry) => [entry.memberId, entry.count]));
  return csvDocument([
    [
      'Mês',
      'Membro',
      'Apólices novas',
      'Prêmio',
      'Comissão',
      'Leads',
      'Viraram apólice',
      'Conversão (%)',
      'Renovações mantidas',
      'Renovações perdidas',
      'Tarefas atrasadas hoje',
    ],
    ...report.rows.map((row) => [
      `${row.month.slice(5, 7)}/${row.month.slice(0, 4)}`,
      nameOf(row.memberId),
      String(row.newPolicies),
      csvMoney(centsToWire(row.premium)),
      csvMoney(centsToWire(row.commission)),
      String(row.leads),
      String(row.won),
      conversion(row.won, row.leads),
      String(row.renewalsKept),
      String(row.renewalsLost),
      String(overdue.get(row.memberId) ?? 0),
    ]),
  ]);
}

export function productionRoutes(router: Router, production: ProductionService, identity: InternalClient | null): void {
  route(router, OPS.production, ({ user, query }) => production.report(user.id, query));
  route(router, OPS.productionCsv, async ({ user, query, ctx }) => {
    const [report, team] = await Promise.all([production.report(user.id, query), teamOrNobody(identity, user.id)]);
    const names = new Map(team.map((member) => [member.id, member.name ?? member.email]));
    return sendCsv(
      ctx,
      `producao-${report.from}-a-${report.to}.csv`,
      productionCsv(report, (id) => names.get(id) ?? 'Membro'),
    );
  });
}
