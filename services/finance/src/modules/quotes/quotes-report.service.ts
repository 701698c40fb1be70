import { SAO_PAULO, lineLabel, saoPauloDay, shiftMonth, type QuotesReport, type QuotesReportQuery } from '@corretora/contracts';
import { type BrokerScopedTable, HttpError, csvDocument, csvMoney } from '@corretora/service-kit';
import type { Knex } from 'knex';
import { tables } from '../../tables';

/**
 * Quotes won and lost per insurer and line (a deal closed with one quote wins it and loses the
 * others), counted in the São Paulo month the deal was closed; a producer's report holds their own
 * deals only (the team's scope).
 */
export class QuotesReportService {
  private readonly quotes: BrokerScopedTable;

  constructor(
    private readonly knex: Knex,
    private readonly insurerNames: (userId: string) => Promise<readonly { id: number; name: string }[]>,
  ) {
    this.quotes = tables.scoped(knex, 'quotes');
  }

  async report(userId: string, query: QuotesReportQuery): Promise<QuotesReport> {
    const to = query.to ?? saoPauloDay(new Date()).slice(0, 7);
    const from = query.from ?? shiftMonth(to, -11);
    if (from > to)
      throw new HttpError(400, 'O mês inicial deve ser antes do final.', [
        { path: 'from', message: 'O mês inicial deve ser antes do final.' },
      ]);
    const { rows } = await this.knex.raw<{ rows: { insurerId: number; line: string; won: number; lost: number; wonPremium: string }[] }>(
      `select q.insurer_id as "insurerId", q.line, (count(*) filter (where q.status = 'won'))::int as won,
              (count(*) filter (where q.status = 'lost'))::int as lost,
              coalesce(sum(q.total_premium) filter (where q.status = 'won'), 0)::numeric(13, 2)::text as "wonPremium"
         from ? where q.status in ('won', 'lost') and to_char(q.decided_at at time zone '${SAO_PAULO}', 'YYYY-MM') between ? and ?
        group by q.insurer_id, q.line`,
      [this.quotes.of(userId).from('q'), from, to],
    );
    const names = new Map((await this.insurerNames(userId)).map((insurer) => [insurer.id, insurer.name]));
    return {
      from,
      to,
      rows: rows
        .map((row) => ({
          ...row,
          line: row.line as QuotesReport['rows'][number]['line'],
          insurerName: names.get(row.insurerId) ?? 'Seguradora removida',
          winRate: (row.won / (row.won + row.lost)).toFixed(2),
        }))
        .sort((a, b) => a.insurerName.localeCompare(b.insurerName, 'pt-BR') || lineLabel(a.line).localeCompare(lineLabel(b.line), 'pt-BR')),
    };
  }

  async reportCsv(userId: string, query: QuotesReportQuery): Promise<string> {
    const { rows } = await this.report(userId, query);
    return csvDocument([
      ['Seguradora', 'Ramo', 'Ganhas', 'Perdidas', 'Taxa de conversão', 'Prêmio ganho'],
      ...rows.map((row) => [
        row.insurerName,
        lineLabel(row.line),
        String(row.won),
        String(row.lost),
        `${csvMoney((Number(row.winRate) * 100).toFixed(2))}%`,
        csvMoney(row.wonPremium),
      ]),
    ]);
  }
}
