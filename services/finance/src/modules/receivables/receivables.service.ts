import {
  INSTALMENT_STATUS_LABELS,
  LINE_MATCH_LABELS,
  OPEN_DIFFERENCE_STATUSES,
  centsToWire,
  type ReceivableInstalment,
  type ReceivableRow,
  type ReceivableTotals,
  type Receivables,
  type ReceivablesQuery,
  type ReferenceData,
} from '@corretora/contracts';
import { type BrokerScopedTable, csvDate, csvDocument, csvMoney, readerOf } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';
import { addMonths } from '../policies/instalment-math';
import { INSTALMENT_EXPECTED, TODAY } from '../policies/policy-sql';
import type { ReceivableSettingsService } from '../policies/receivable-settings.service';
import { cents, instalmentStatus } from '../policies/receivables-math';
import type { StatementsService } from './statements.service';

interface InstalmentRow {
  id: number;
  policyId: number;
  policyNumber: string;
  contactId: number | null;
  contactName: string;
  insurerId: number | null;
  number: number;
  dueDate: string;
  expected: string;
  received: string | null;
  chargeback: boolean;
  iss: string | null;
  irrf: string | null;
  net: string | null;
}

/** The broker's insurers by id (names for rows and CSVs): the catalogues service. */
export type InsurerNames = (userId: string) => Promise<ReferenceData['insurers']>;

const NO_INSURER = 'Sem seguradora';

interface Sums {
  expected: number;
  received: number;
  iss: number;
  irrf: number;
  net: number;
  chargebacks: number;
  open: number;
}
const zero = (): Sums => ({ expected: 0, received: 0, iss: 0, irrf: 0, net: 0, chargebacks: 0, open: 0 });

function totals(sums: Sums): ReceivableTotals {
  return {
    expected: centsToWire(sums.expected),
    received: centsToWire(sums.received),
    difference: centsToWire(sums.received - sums.expected),
    gross: centsToWire(sums.received),
    iss: centsToWire(sums.iss),
    irrf: centsToWire(sums.irrf),
    net: centsToWire(sums.net),
    chargebacks: centsToWire(sums.chargebacks),
    openDifferences: sums.open,
  };
}

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
        `select i.id, i.policy_id as "policyId", p.policy_number as "policyNumber", p.contact_id as "contactId", p.contact_name as "contactName", p.insurer_id as "insurerId",
                i.number, i.due_date::text as "dueDate", i.expected_commission::text as expected, r.received::text as received,
                coalesce(r.chargeback, false) as chargeback, r.iss::text as iss, r.irrf::text as irrf, r.net::text as net
           from ? join ? on p.id = i.policy_id
           left join lateral (select sum(s.gross) as received, bool_or(s.type = 'estorno') as chargeback, sum(s.iss) as iss,
                                     sum(s.irrf) as irrf, sum(s.net) as net
                                from ? where s.instalment_id = i.id having count(*) > 0) r on true
          where i.due_date >= ?::date and i.due_date < ?::date and (?::int is null or p.insurer_id = ?::int) and ${INSTALMENT_EXPECTED}
          order by p.insurer_id nulls last, i.due_date, p.policy_number, i.number`,
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
      readerOf(this.knex).raw<{ rows: { insurerId: number | null; cents: string }[] }>(
        `select p.insurer_id as "insurerId", (sum(p.chargeback_expected) * 100)::bigint::text as cents
           from ? where p.cancelled_on >= ?::date and p.cancelled_on < ?::date and p.chargeback_expected is not null
            and (?::int is null or p.insurer_id = ?::int)
          group by p.insurer_id`,
        [this.policies.of(userId).from('p'), from, to, insurerId, insurerId],
      ),
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
      const expected = cents(row.expected)!;
      const received = cents(row.received);
      const status = instalmentStatus({
        expectedCents: expected,
        receivedCents: received,
        hasChargeback: row.chargeback,
        dueDate: row.dueDate,
        today,
        graceDays: settings.graceDays,
        toleranceCents: settings.toleranceCents,
      });
      const target = group(row.insurerId);
      for (const sums of [target.sums, all]) {
        sums.expected += expected;
        sums.received += received ?? 0;
        sums.iss += cents(row.iss) ?? 0;
        sums.irrf += cents(row.irrf) ?? 0;
        sums.net += cents(row.net) ?? 0;
        if (OPEN_DIFFERENCE_STATUSES.includes(status)) sums.open += 1;
      }
      target.instalments.push({
        instalmentId: row.id,
        policyId: row.policyId,
        policyNumber: row.policyNumber,
        contactId: row.contactId,
        contactName: row.contactName,
        number: row.number,
        dueDate: row.dueDate,
        expected: row.expected,
        received: row.received,
        difference: received === null ? null : centsToWire(received - expected),
        status,
        lines: linesOf.get(row.id) ?? [],
      });
    }
    for (const chargeback of chargebacks.rows) {
      const amount = Number(chargeback.cents);
      group(chargeback.insurerId).sums.chargebacks += amount;
      all.chargebacks += amount;
    }
    const insurerRows: ReceivableRow[] = [...groups.entries()]
      .map(([id, { sums, instalments }]) => ({
        insurerId: id,
        insurerName: id === null ? NO_INSURER : (nameOf.get(id) ?? `Seguradora ${id}`),
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

  /** Expected vs received for the 12 months up to this one (by due date). */
  private async chart(userId: string, from: string, to: string, insurerId: number | null): Promise<Receivables['chart']> {
    const first = addMonths(from, -11);
    const { rows } = await readerOf(this.knex).raw<{ rows: { month: string; expected: string; received: string }[] }>(
      `select to_char(i.due_date, 'YYYY-MM') as month, sum(i.expected_commission)::text as expected, coalesce(sum(r.received), 0)::text as received
         from ? join ? on p.id = i.policy_id
         left join (select s.instalment_id, sum(s.gross) as received from ? where s.instalment_id is not null group by s.instalment_id) r
           on r.instalment_id = i.id
        where i.due_date >= ?::date and i.due_date < ?::date and (?::int is null or p.insurer_id = ?::int) and ${INSTALMENT_EXPECTED}
        group by 1`,
      [
        this.instalments.of(userId).from('i'),
        this.policies.of(userId).from('p'),
        this.lines.of(userId).from('s'),
        first,
        to,
        insurerId,
        insurerId,
      ],
    );
    const byMonth = new Map(rows.map((row) => [row.month, row]));
    return Array.from({ length: 12 }, (_, index) => {
      const month = addMonths(first, index).slice(0, 7);
      const row = byMonth.get(month);
      return { month, expected: row?.expected ?? '0.00', received: row?.received ?? '0.00' };
    });
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
