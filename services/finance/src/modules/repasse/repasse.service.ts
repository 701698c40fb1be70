import {
  centsToWire,
  wireToCents,
  type RepasseClosing,
  type RepasseLine,
  type RepasseMonth,
  type RepasseQuery,
  type RepasseTotal,
  SAO_PAULO,
} from '@corretora/contracts';
import { type BrokerScopedTable, HttpError, actingMemberId } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';
import { closedUntil } from './repasse-ledger';

/** Rows a month answers at most (its totals count every line). */
const MONTH_ROWS = 5000;

interface LineRow {
  id: string;
  memberId: string | null;
  participantName: string | null;
  role: RepasseLine['role'];
  month: string;
  kind: RepasseLine['kind'];
  policyId: number | null;
  policyNumber: string | null;
  contactName: string | null;
  base: string;
  share: string;
  percent: string;
  amount: string;
  createdAt: Date;
  instalmentNumber: number | null;
  instalmentCount: number | null;
  paidOn: string | null;
}

/**
 * What tells two lines of one policy apart: the instalment the statement paid (n of N)
 * and the day it was paid, read by the line's own ids (the ledger line is already the broker's).
 */
const PAID_FOR = [
  `(select i.number from statement_lines s join policy_instalments i on i.id = s.instalment_id
     where s.id = repasse_lines.statement_line_id) as "instalmentNumber"`,
  `(select count(*)::int from policy_instalments j where j.policy_id = repasse_lines.policy_id) as "instalmentCount"`,
  `(select s.paid_on::text from statement_lines s where s.id = repasse_lines.statement_line_id) as "paidOn"`,
];

/** A ledger line's columns as the screen, the CSV and the PDF read them. */
const LINE_COLUMNS = [
  'id',
  'responsibleId as memberId',
  'participantName',
  'role',
  'kind',
  'policyId',
  'policyNumber',
  'contactName',
  'base',
  'share',
  'percent',
  'amount',
  'createdAt',
] as const;

/** '2026-11' -> '2026-11-01'. */
function monthStart(month: string): string {
  return `${month}-01`;
}

/** Cents of a numeric(…, 2) as pg returns it ('-21.56'), exactly. */
const cents = (value: string): number => wireToCents(value) ?? 0;

const NOT_CLOSABLE = 'Só é possível fechar um mês que já começou.';
const ALREADY_CLOSED = 'Este mês já está fechado.';
export const CLOSE_BEFORE_END =
  'Este mês ainda não terminou. Confirme que quer fechá-lo antes do fim: comissões conciliadas depois viram ajustes no próximo mês.';

/**
 * The repasse's months: the ledger's lines of a month through the member's scope (a producer
 * sees only the lines paid to them; owners and admins everyone's), the totals per participant, and
 * closing. Closing a month freezes it and every month before it: the ledger then writes any later
 * change as an adjustment in the first open month.
 */
export class RepasseService {
  private readonly lines: BrokerScopedTable;
  private readonly closings: BrokerScopedTable;

  constructor(private readonly knex: Knex) {
    this.lines = tables.scoped(knex, 'repasse_lines');
    this.closings = tables.scoped(knex, 'repasse_closings');
  }

  /** This month in Brasília, 'YYYY-MM'. */
  async thisMonth(): Promise<string> {
    const { rows } = await this.knex.raw<{ rows: { month: string }[] }>(
      `select to_char((now() at time zone '${SAO_PAULO}')::date, 'YYYY-MM') as month`,
    );
    return rows[0]!.month;
  }

  async month(userId: string, query: RepasseQuery): Promise<RepasseMonth> {
    const month = query.month ?? (await this.thisMonth());
    const scoped = () => {
      const rows = this.lines
        .of(userId)
        .rows()
        .where({ month: monthStart(month) });
      return query.memberId ? rows.andWhere({ responsibleId: query.memberId }) : rows;
    };
    const [rows, totals, until] = await Promise.all([
      scoped()
        .orderBy('id')
        .limit(MONTH_ROWS)
        .select(...LINE_COLUMNS, ...PAID_FOR.map((column) => this.knex.raw(column))) as Promise<Omit<LineRow, 'month'>[]>,
      scoped()
        .groupBy('responsibleId', 'participantName')
        .orderByRaw('sum(amount) desc')
        .select(
          'responsibleId as memberId',
          'participantName',
          this.knex.raw('count(*)::int as lines'),
          this.knex.raw('sum(amount)::text as total'),
        ) as Promise<{ memberId: string | null; participantName: string | null; lines: number; total: string }[]>,
      closedUntil(this.knex, userId),
    ]);
    const byParticipant: RepasseTotal[] = totals.map((row) => ({ ...row, total: centsToWire(cents(row.total)) }));
    return {
      month,
      closed: until !== null && monthStart(month) <= until,
      closedUntil: until?.slice(0, 7) ?? null,
      rows: rows.map(({ instalmentNumber, instalmentCount, ...row }) => ({
        ...row,
        instalment: instalmentNumber === null ? null : `${instalmentNumber}/${instalmentCount ?? instalmentNumber}`,
        id: Number(row.id),
        month,
        base: centsToWire(cents(row.base)),
        share: Number(row.share),
        percent: Number(row.percent),
        amount: centsToWire(cents(row.amount)),
        createdAt: new Date(row.createdAt).toISOString(),
      })),
      total: centsToWire(byParticipant.reduce((sum, row) => sum + cents(row.total), 0)),
      count: byParticipant.reduce((sum, row) => sum + row.lines, 0),
      byParticipant,
    };
  }

  /**
   * Every line of the month (the CSV and the PDF), without the screen's limit: everyone's, one
   * member's, or one angariador's without a login (by name, `{ angariador }`).
   */
  async allLines(userId: string, month: string, who: string | { angariador: string }): Promise<LineRow[]> {
    const rows = this.lines
      .of(userId)
      .rows()
      .where({ month: monthStart(month) });
    const filtered =
      typeof who === 'string'
        ? who
          ? rows.andWhere({ responsibleId: who })
          : rows
        : rows.whereNull('responsibleId').andWhere({ participantName: who.angariador });
    return (await filtered
      .orderBy(['responsibleId', 'participantName', 'id'])
      .select(
        ...LINE_COLUMNS,
        ...PAID_FOR.map((column) => this.knex.raw(column)),
        this.knex.raw(`to_char(month, 'YYYY-MM') as month`),
      )) as LineRow[];
  }

  /**
   * The member's lines in open months (the Painel's 'A receber de repasse'), in cents, and the last
   * month closed ('YYYY-MM'; null: none): a zero after a closing says why.
   */
  async dueTo(userId: string, memberId: string): Promise<{ due: number; closedUntil: string | null }> {
    const until = await closedUntil(this.knex, userId);
    const rows = this.lines.of(userId).rows().where({ responsibleId: memberId });
    const row = (await (until ? rows.andWhere('month', '>', until) : rows).sum('amount as total').first()) as
      { total: string | null } | undefined;
    return { due: row?.total ? cents(row.total) : 0, closedUntil: until?.slice(0, 7) ?? null };
  }

  /**
   * Closes the month and every one before it (a month that has not started cannot be closed; this
   * month only when the manager confirmed closing it before it ends).
   */
  async close(userId: string, month: string, beforeItEnds = false): Promise<RepasseClosing> {
    const current = await this.thisMonth();
    if (month > current) throw new HttpError(400, NOT_CLOSABLE, [{ path: 'month', message: NOT_CLOSABLE }]);
    if (month === current && !beforeItEnds)
      throw new HttpError(409, CLOSE_BEFORE_END, [{ path: 'beforeItEnds', message: CLOSE_BEFORE_END }]);
    return this.knex.transaction(async (trx) => {
      // One closing at a time per brokerage: two managers closing together make one row.
      await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`repasse-close:${userId}`]);
      const until = await closedUntil(trx, userId);
      if (until && monthStart(month) <= until) throw new HttpError(409, ALREADY_CLOSED, [{ path: 'month', message: ALREADY_CLOSED }]);
      const sum = (await tables
        .scoped(trx, 'repasse_lines')
        .of(userId, trx)
        .rows()
        .where({ month: monthStart(month) })
        .sum('amount as total')
        .first()) as { total: string | null } | undefined;
      const total = centsToWire(sum?.total ? cents(sum.total) : 0);
      const [row] = (await this.closings.of(userId, trx).insert({ month: monthStart(month), total, closedBy: actingMemberId() })) as {
        createdAt: Date;
      }[];
      return { month, total, closedAt: new Date(row!.createdAt).toISOString() };
    });
  }
}
