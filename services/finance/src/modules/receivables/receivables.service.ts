import {
  INSTALMENT_STATUS_LABELS,
  LINE_MATCH_LABELS,
  centsToWire,
  type ListPage,
  type ReceivableInstalment,
  type ReceivableInstalmentsQuery,
  type ReceivableRow,
  type Receivables,
  type ReceivablesQuery,
  type ReceivablesSummary,
  type ReferenceData,
} from '@corretora/contracts';
import { type BrokerScopedTable, csvDate, csvDocument, csvMoney, readerOf } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';
import { addMonths } from '../policies/instalment-math';
import { TODAY } from '../policies/policy-sql';
import type { ReceivableSettingsService } from '../policies/receivable-settings.service';
import { cents } from '../policies/receivables-math';
import type { ReceivableMonths } from '../totals/receivable-months';
import {
  INSTALMENT_ROWS,
  instalmentPageSql,
  chargebacksByInsurer,
  insurerName,
  instalmentView,
  isOpen,
  totals,
  zero,
  type InstalmentRow,
  type Sums,
} from './receivables-sql';
import type { StatementsService } from './statements.service';

/** The broker's insurers by id (names for rows and CSVs): the catalogues service. */
export type InsurerNames = (userId: string) => Promise<ReferenceData['insurers']>;

/**
 * Recebíveis: per month (by the instalments' due dates) and insurer, the commission expected
 * against what statements paid on it, gross, ISS, IRRF and net apart; each row down to its
 * instalments and their lines; the lines that matched nothing; a year's chart. Instalments a
 * cancellation left unpaid after it are not expected. Integer cents until the answer.
 */
export class ReceivablesService {
  private readonly policies: BrokerScopedTable;
  private readonly instalments: BrokerScopedTable;
  private readonly lines: BrokerScopedTable;

  constructor(
    private readonly knex: Knex,
    private readonly settings: ReceivableSettingsService,
    private readonly statements: StatementsService,
    private readonly insurerNames: InsurerNames,
    private readonly months: ReceivableMonths,
  ) {
    this.policies = tables.scoped(knex, 'policies');
    this.instalments = tables.scoped(knex, 'policy_instalments');
    this.lines = tables.scoped(knex, 'statement_lines');
  }

  private async today(): Promise<string> {
    return (await this.knex.raw<{ rows: { today: string }[] }>(`select ${TODAY}::text as today`)).rows[0]!.today;
  }

  async report(userId: string, query: ReceivablesQuery): Promise<Receivables> {
    return (await this.reportWithNames(userId, query)).report;
  }

  /** The report and the broker's insurer names it was written with (the CSV names unidentified lines by them too). */
  private async reportWithNames(userId: string, query: ReceivablesQuery): Promise<{ report: Receivables; nameOf: Map<number, string> }> {
    const today = await this.today();
    const month = query.month ?? today.slice(0, 7);
    const from = `${month}-01`;
    const to = addMonths(from, 1);
    const insurerId = query.insurerId ?? null;
    const [settings, names, { rows }, chargebacks, chart, unidentified] = await Promise.all([
      this.settings.get(userId),
      this.insurerNames(userId),
      readerOf(this.knex).raw<{ rows: InstalmentRow[] }>(
        `${INSTALMENT_ROWS} order by p.insurer_id nulls last, i.due_date, p.policy_number, i.number`,
        [
          this.instalments.of(userId).from('i'),
          this.policies.of(userId).from('p'),
          this.lines.of(userId).from('s'),
          from,
          to,
          insurerId,
          insurerId,
        ],
      ),
      chargebacksByInsurer(this.knex, this.policies, userId, { from, to }, insurerId),
      this.chart(userId, from, to, insurerId),
      this.statements.unidentified(userId, from, to, insurerId),
    ]);
    const linesOf = await this.statements.linesOfInstalments(
      userId,
      rows.filter((row) => row.received !== null).map((row) => row.id),
    );
    const nameOf = new Map(names.map((insurer) => [insurer.id, insurer.name]));
    const groups = new Map<number | null, { sums: Sums; instalments: ReceivableInstalment[] }>();
    const all = zero();
    const group = (id: number | null) => {
      let found = groups.get(id);
      if (!found) groups.set(id, (found = { sums: zero(), instalments: [] }));
      return found;
    };
    for (const row of rows) {
      const instalment = instalmentView(row, today, settings, linesOf.get(row.id) ?? []);
      const target = group(row.insurerId);
      for (const sums of [target.sums, all]) {
        sums.expected += cents(row.expected)!;
        sums.received += cents(row.received) ?? 0;
        sums.iss += cents(row.iss) ?? 0;
        sums.irrf += cents(row.irrf) ?? 0;
        sums.net += cents(row.net) ?? 0;
        if (isOpen(instalment)) sums.open += 1;
      }
      target.instalments.push(instalment);
    }
    for (const chargeback of chargebacks) {
      group(chargeback.insurerId).sums.chargebacks += chargeback.cents;
      all.chargebacks += chargeback.cents;
    }
    const insurerRows: ReceivableRow[] = [...groups.entries()]
      .map(([id, { sums, instalments }]) => ({
        insurerId: id,
        insurerName: insurerName(id, nameOf),
        ...totals(sums),
        instalments,
      }))
      .sort((a, b) => a.insurerName.localeCompare(b.insurerName, 'pt-BR'));
    const report: Receivables = {
      month,
      insurerId,
      ...totals(all),
      rows: insurerRows,
      unidentified,
      chart,
      settings: { tolerance: centsToWire(settings.toleranceCents), graceDays: settings.graceDays },
    };
    return { report, nameOf };
  }

  /** Expected vs received for the 12 months up to this one (by due date): the months' totals. */
  private async chart(
    userId: string,
    from: string,
    to: string,
    insurerId: number | null,
    marks?: Promise<string[]>,
  ): Promise<Receivables['chart']> {
    const first = addMonths(from, -11);
    const byMonth = await this.months.chart(readerOf(this.knex), userId, first, to, insurerId ?? undefined, marks);
    return Array.from({ length: 12 }, (_, index) => {
      const month = addMonths(first, index).slice(0, 7);
      const sums = byMonth.get(month);
      return { month, expected: centsToWire(sums?.expected ?? 0), received: centsToWire(sums?.received ?? 0) };
    });
  }

  /**
   * GET /api/receivables/summary: the month's figures as the report has them, per insurer from the
   * months' totals (with how many instalments each has), not one instalment read.
   */
  async summary(userId: string, query: ReceivablesQuery): Promise<ReceivablesSummary> {
    const reader = readerOf(this.knex);
    // One round of reads side by side (the screen names its month: no wait for today's).
    const month = query.month ?? (await this.today()).slice(0, 7);
    const from = `${month}-01`;
    const to = addMonths(from, 1);
    const insurerId = query.insurerId ?? null;
    const settings = this.settings.get(userId, reader);
    const marks = this.months.marks(reader, userId);
    const [names, sums, chargebacks, chart, unidentified, { toleranceCents, graceDays }] = await Promise.all([
      this.insurerNames(userId),
      settings.then((reconciliation) => this.months.byInsurer(reader, userId, from, query.insurerId, reconciliation, marks)),
      chargebacksByInsurer(this.knex, this.policies, userId, { from, to }, insurerId),
      this.chart(userId, from, to, insurerId, marks),
      this.statements.unidentified(userId, from, to, insurerId, undefined, settings),
      settings,
    ]);
    const nameOf = new Map(names.map((insurer) => [insurer.id, insurer.name]));
    const groups = new Map<number | null, { sums: Sums; count: number }>();
    const all = zero();
    const group = (id: number | null) => {
      let found = groups.get(id);
      if (!found) groups.set(id, (found = { sums: zero(), count: 0 }));
      return found;
    };
    for (const { insurerId: key, instalments, ...figures } of sums) {
      const target = group(key === 0 ? null : key);
      target.count = instalments;
      for (const each of [target.sums, all]) {
        each.expected += figures.expected;
        each.received += figures.received;
        each.iss += figures.iss;
        each.irrf += figures.irrf;
        each.net += figures.net;
        each.open += figures.open;
      }
    }
    for (const chargeback of chargebacks) {
      group(chargeback.insurerId).sums.chargebacks += chargeback.cents;
      all.chargebacks += chargeback.cents;
    }
    return {
      month,
      insurerId,
      ...totals(all),
      rows: [...groups.entries()]
        .map(([id, { sums: figures, count }]) => ({
          insurerId: id,
          insurerName: insurerName(id, nameOf),
          ...totals(figures),
          instalmentCount: count,
        }))
        .sort((a, b) => a.insurerName.localeCompare(b.insurerName, 'pt-BR')),
      unidentified,
      chart,
      settings: { tolerance: centsToWire(toleranceCents), graceDays },
    };
  }

  /**
   * GET /api/receivables/instalments: an insurer's (null: none) instalments of the month a page at a
   * time, by due day, policy and number (an index walks them), and how many there are (the totals).
   */
  async instalmentsPage(userId: string, query: ReceivableInstalmentsQuery): Promise<ListPage<ReceivableInstalment>> {
    const reader = readerOf(this.knex);
    const day = this.today();
    const from = `${query.month ?? (await day).slice(0, 7)}-01`;
    const reconciliation = this.settings.get(userId, reader);
    const [{ rows }, sums, today, settings] = await Promise.all([
      reader.raw<{ rows: InstalmentRow[] }>(instalmentPageSql(query.insurerId), [
        this.instalments.of(userId, reader).from('i'),
        this.policies.of(userId, reader).from('p'),
        from,
        addMonths(from, 1),
        ...(query.insurerId === null ? [] : [query.insurerId]),
        query.pageSize,
        (query.page - 1) * query.pageSize,
        this.lines.of(userId, reader).from('s'),
      ]),
      reconciliation.then((settings) => this.months.byInsurer(reader, userId, from, query.insurerId ?? 0, settings)),
      day,
      reconciliation,
    ]);
    const linesOf = await this.statements.linesOfInstalments(
      userId,
      rows.filter((row) => row.received !== null).map((row) => row.id),
      reader,
    );
    return {
      items: rows.map((row) => instalmentView(row, today, settings, linesOf.get(row.id) ?? [])),
      total: sums[0]?.instalments ?? 0,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /** GET /api/receivables.csv: one line per instalment of the month, then the lines nothing matched. */
  async csv(userId: string, query: ReceivablesQuery): Promise<{ fileName: string; body: string }> {
    const { report, nameOf } = await this.reportWithNames(userId, query);
    const lines: string[][] = [
      [
        'Seguradora',
        'Apólice',
        'Cliente',
        'Parcela',
        'Vencimento',
        'Previsto',
        'Recebido (bruto)',
        'Diferença',
        'Situação',
        'ISS',
        'IRRF',
        'Líquido',
      ],
    ];
    for (const row of report.rows) {
      for (const instalment of row.instalments) {
        const sum = (field: 'iss' | 'irrf' | 'net') =>
          instalment.lines.length === 0 ? '' : centsToWire(instalment.lines.reduce((total, line) => total + (cents(line[field]) ?? 0), 0));
        lines.push([
          row.insurerName,
          instalment.policyNumber,
          instalment.contactName,
          String(instalment.number),
          csvDate(instalment.dueDate),
          csvMoney(instalment.expected),
          csvMoney(instalment.received),
          csvMoney(instalment.difference),
          INSTALMENT_STATUS_LABELS[instalment.status],
          csvMoney(sum('iss')),
          csvMoney(sum('irrf')),
          csvMoney(sum('net')),
        ]);
      }
    }
    for (const line of report.unidentified) {
      lines.push([
        nameOf.get(line.insurerId) ?? `Seguradora ${line.insurerId}`,
        line.policyNumber ?? '',
        '',
        line.instalmentNumber === null ? '' : String(line.instalmentNumber),
        csvDate(line.paidOn),
        '',
        csvMoney(line.gross),
        '',
        LINE_MATCH_LABELS.nao_identificado,
        csvMoney(line.iss),
        csvMoney(line.irrf),
        csvMoney(line.net),
      ]);
    }
    return { fileName: `recebiveis-${report.month}.csv`, body: csvDocument(lines) };
  }
}
