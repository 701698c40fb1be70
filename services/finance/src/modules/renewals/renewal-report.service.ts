import {
  centsToWire,
  divideRoundingHalfUp,
  type ReferenceData,
  type RenewalReportQuery,
  type RenewalReportRow,
} from '@corretora/contracts';
import { type BrokerScopedTable, HttpError, csvDocument, csvMoney } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';
import { addMonths } from '../policies/instalment-math';
import { TODAY } from '../policies/policy-sql';

/** Retention: renewals by month of the end of term and insurer, on screen and as CSV. */
export class RenewalReportService {
  private readonly policies: BrokerScopedTable;
  private readonly renewals: BrokerScopedTable;

  constructor(
    private readonly knex: Knex,
    /** Writes the broker's renewal items that are due (RenewalsService.ensure). */
    private readonly ensure: (userId: string) => Promise<number>,
    private readonly insurers: (userId: string) => Promise<ReferenceData['insurers']>,
  ) {
    this.policies = tables.scoped(knex, 'policies');
    this.renewals = tables.scoped(knex, 'renewals');
  }

  /** Retention by month of the end of term and insurer: renewed ÷ due, count and premium (the last 12 months and the next 3 by default). */
  async report(userId: string, query: RenewalReportQuery): Promise<RenewalReportRow[]> {
    const today = (await this.knex.raw<{ rows: { today: string }[] }>(`select ${TODAY}::text as today`)).rows[0]!.today;
    // By default the last 12 months and the 3 ahead (renewals already in the window).
    const to = query.to ?? addMonths(`${today.slice(0, 7)}-01`, 3).slice(0, 7);
    const from = query.from ?? addMonths(`${today.slice(0, 7)}-01`, -11).slice(0, 7);
    if (from > to)
      throw new HttpError(400, 'O mês inicial deve ser antes do final.', [
        { path: 'from', message: 'O mês inicial deve ser antes do final.' },
      ]);
    await this.ensure(userId);
    const { rows } = await this.knex.raw<{
      rows: {
        month: string;
        insurerId: number | null;
        due: number;
        renewed: number;
        lost: number;
        duePremium: string;
        renewedPremium: string;
      }[];
    }>(
      `select to_char(r.due_date, 'YYYY-MM') as month, p.insurer_id as "insurerId", count(*)::int as due,
              (count(*) filter (where r.status = 'renewed'))::int as renewed, (count(*) filter (where r.status = 'lost'))::int as lost,
              sum(p.premium)::text as "duePremium", coalesce(sum(p.premium) filter (where r.status = 'renewed'), 0)::text as "renewedPremium"
         from ? join ? on p.id = r.policy_id
        where r.due_date >= ?::date and r.due_date < ?::date
        group by 1, 2 order by 1, 2 nulls last`,
      [this.renewals.of(userId).from('r'), this.policies.of(userId).from('p'), `${from}-01`, addMonths(`${to}-01`, 1)],
    );
    const names = new Map((await this.insurers(userId)).map((insurer) => [insurer.id, insurer.name]));
    return rows.map((row) => ({
      ...row,
      insurerName: row.insurerId === null ? 'Sem seguradora' : (names.get(row.insurerId) ?? `Seguradora ${row.insurerId}`),
      duePremium: row.duePremium,
      renewedPremium: row.renewedPremium,
      rate: row.due === 0 ? null : (Number(divideRoundingHalfUp(BigInt(row.renewed) * 10_000n, BigInt(row.due))) / 10_000).toFixed(4),
    }));
  }

  async reportCsv(userId: string, query: RenewalReportQuery): Promise<string> {
    const rows = await this.report(userId, query);
    return csvDocument([
      ['Mês', 'Seguradora', 'A vencer', 'Renovadas', 'Perdidas', 'Taxa de renovação', 'Prêmio a vencer', 'Prêmio renovado'],
      ...rows.map((row) => [
        `${row.month.slice(5)}/${row.month.slice(0, 4)}`,
        row.insurerName,
        String(row.due),
        String(row.renewed),
        String(row.lost),
        row.rate === null ? '' : `${csvMoney(centsToWire(Math.round(Number(row.rate) * 10_000)))}%`,
        csvMoney(row.duePremium),
        csvMoney(row.renewedPremium),
      ]),
    ]);
  }
}
