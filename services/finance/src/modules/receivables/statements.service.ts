import {
  NOT_FOUND,
  centsToWire,
  type LineMatchInput,
  type LineMatchedBy,
  type LineUnmatchInput,
  type StatementLine,
  type StatementLineType,
  SAO_PAULO,
} from '@corretora/contracts';
import { type BrokerScopedTable, HttpError, intArrayLiteral } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';
import { cents } from '../policies/receivables-math';
import type { ReceivableSettingsService } from '../policies/receivable-settings.service';
import { RepasseLedger } from '../repasse/repasse-ledger';
import { MATCH_CTES, lineRecord, lineStatus, type StatementLineRecord, type StatementLineVerdict } from './statement-match';

type LineRow = Omit<StatementLine, 'match'> & {
  matchedBy: LineMatchedBy | null;
  policyId: number | null;
  matchedPolicyNumber: string | null;
  contactName: string | null;
  matchedInstalment: number | null;
  expected: string | null;
  received: string | null;
};

const NOT_SAME_INSURER = 'Esta apólice é de outra seguradora: escolha uma apólice da seguradora do extrato.';
const NO_SUCH_INSTALMENT = 'Esta apólice não tem essa parcela.';

/**
 * Statement lines: the preview's matching (read only), a commit's batches written and matched
 * in one statement each, undo, and the broker's manual match. Every table is read through the
 * broker's scope.
 */
export class StatementsService {
  private readonly policies: BrokerScopedTable;
  private readonly instalments: BrokerScopedTable;
  private readonly lines: BrokerScopedTable;
  /** Each commission received (or taken back) writes what its participants are owed, in the same transaction. */
  private readonly repasse: RepasseLedger;

  constructor(
    private readonly knex: Knex,
    private readonly settings: ReceivableSettingsService,
  ) {
    this.policies = tables.scoped(knex, 'policies');
    this.instalments = tables.scoped(knex, 'policy_instalments');
    this.lines = tables.scoped(knex, 'statement_lines');
    this.repasse = new RepasseLedger(knex);
  }

  /** The bindings of MATCH_CTES for one broker and insurer. */
  private matchBindings(userId: string, insurerId: number, records: object[], trx: Knex | Knex.Transaction) {
    return [
      JSON.stringify(records),
      this.settings.table.of(userId, trx).from('f'),
      this.lines.of(userId, trx).from('s'),
      this.policies.of(userId, trx).from('p'),
      insurerId,
      this.instalments.of(userId, trx).from('i'),
      this.policies.of(userId, trx).from('p'),
      insurerId,
      this.instalments.of(userId, trx).from('i'),
    ];
  }

  /** The preview: each line's match and status, and whether an earlier statement already brought it. Writes nothing. */
  async match(userId: string, input: { insurerId: number; lines: StatementLineRecord[] }): Promise<StatementLineVerdict[]> {
    if (input.lines.length === 0) return [];
    const settings = await this.settings.get(userId);
    const { rows } = await this.knex.raw<{
      rows: {
        line: number;
        type: StatementLineType;
        gross: string;
        alreadyImported: boolean;
        matchedBy: LineMatchedBy | null;
        policyId: number | null;
        policyNumber: string | null;
        contactName: string | null;
        instalment: number | null;
        expected: string | null;
        received: string | null;
      }[];
    }>(
      `with ${MATCH_CTES}
       select l.line, l.type, l.gross::text as gross, m.matched_by as "matchedBy", m.policy_id as "policyId",
              p.policy_number as "policyNumber", p.contact_name as "contactName", i.number as instalment,
              (i.expected_commission * 100)::bigint::text as expected, (r.received * 100)::bigint::text as received,
              exists (select 1 from ? where d.fingerprint = l.fingerprint) as "alreadyImported"
         from lines l
         left join matched m on m.line = l.line
         left join ? on p.id = m.policy_id
         left join ? on i.id = m.instalment_id
         left join lateral (select sum(s.gross) as received from ? where s.instalment_id = m.instalment_id) r on true
        order by l.line`,
      [
        ...this.matchBindings(userId, input.insurerId, input.lines.map(lineRecord), this.knex),
        this.lines.of(userId).from('d'),
        this.policies.of(userId).from('p'),
        this.instalments.of(userId).from('i'),
        this.lines.of(userId).from('s'),
      ],
    );
    return rows.map((row) => {
      const gross = Number(row.gross);
      const expected = row.expected === null ? null : Number(row.expected);
      const received = Number(row.received ?? 0) + gross;
      const matched = row.policyId !== null;
      return {
        line: row.line,
        alreadyImported: row.alreadyImported,
        match: {
          status: lineStatus({
            type: row.type,
            matched,
            expectedCents: expected ?? 0,
            receivedCents: received,
            toleranceCents: settings.toleranceCents,
          }),
          by: row.matchedBy,
          policyId: row.policyId,
          policyNumber: row.policyNumber,
          contactName: row.contactName,
          instalment: row.instalment,
          expected: expected === null ? null : centsToWire(expected),
          amount: centsToWire(gross),
          difference: expected === null ? null : centsToWire(received - expected),
        },
      };
    });
  }

  /**
   * A commit's batch: the lines written and matched in one statement. A line an earlier statement
   * brought (its fingerprint), or this one already wrote (a resumed batch), is skipped; the answer's
   * `writtenLines` are the batch's lines this statement holds (so a resumed batch still says so).
   */
  async apply(
    trx: Knex.Transaction,
    userId: string,
    input: { importId: number; insurerId: number; lines: StatementLineRecord[] },
  ): Promise<{ written: number; skipped: number; writtenLines: number[] }> {
    if (input.lines.length === 0) return { written: 0, skipped: 0, writtenLines: [] };
    const result = await trx.raw<{ rows: { id: number; line: number }[] }>(
      `with ${MATCH_CTES}
       insert into statement_lines (user_id, import_id, line, insurer_id, fingerprint, policy_number, endorsement, instalment_number,
                                    contact_ids, type, gross, iss, irrf, net, paid_on, policy_id, instalment_id, matched_by)
       select ?, ?, l.line, ?, l.fingerprint, l.policy_number, l.endorsement, l.instalment, l.contact_ids, l.type,
              l.gross / 100.0, l.iss / 100.0, l.irrf / 100.0, l.net / 100.0, l.paid_on, m.policy_id, m.instalment_id, m.matched_by
         from lines l left join matched m on m.line = l.line
       on conflict do nothing
       returning id, line`,
      [...this.matchBindings(userId, input.insurerId, input.lines.map(lineRecord), trx), userId, input.importId, input.insurerId],
    );
    // The batch's lines this statement holds: written now, or by an earlier try of the same batch.
    const writtenLines = result.rows.map((row) => row.line);
    await this.repasse.sync(
      trx,
      userId,
      result.rows.map((row) => row.id),
    );
    const held =
      writtenLines.length === input.lines.length
        ? writtenLines
        : ((await this.lines
            .of(userId, trx)
            .rows()
            .where({ importId: input.importId })
            .whereIn(
              'line',
              input.lines.map((line) => line.line),
            )
            .pluck('line')) as number[]);
    return { written: writtenLines.length, skipped: input.lines.length - writtenLines.length, writtenLines: held };
  }

  /** Undo: the statement's lines go (a manual match on them with them); the instalments read as before. */
  async undo(trx: Knex.Transaction, userId: string, importId: number): Promise<{ removed: number }> {
    // Their repasse goes first (a closed month's stays, answered by an adjustment in the next open one).
    const ids = (await this.lines.of(userId, trx).rows().where({ importId }).pluck('id')) as number[];
    await this.repasse.sync(trx, userId, ids, ids);
    const removed = await this.lines.of(userId, trx).rows().where({ importId }).delete();
    return { removed };
  }

  /** The stored lines, as views (match included), of these ids or of these lines of a statement. */
  private async views(
    userId: string,
    where:
      | { ids: readonly number[] }
      | { importId: number; lines: readonly number[] }
      | { unidentified: { from: string; to: string; insurerId: number | null } },
    trx: Knex | Knex.Transaction = this.knex,
    settingsRead?: Promise<{ toleranceCents: number }>,
  ): Promise<StatementLine[]> {
    let condition: string;
    let bindings: Knex.RawBinding[];
    if ('ids' in where) {
      condition = 's.id = any(?::int[])';
      bindings = [intArrayLiteral(where.ids)];
    } else if ('importId' in where) {
      condition = 's.import_id = ? and s.line = any(?::int[])';
      bindings = [where.importId, intArrayLiteral(where.lines)];
    } else {
      condition = `s.instalment_id is null and coalesce(s.paid_on, (s.created_at at time zone '${SAO_PAULO}')::date) >= ?::date
                   and coalesce(s.paid_on, (s.created_at at time zone '${SAO_PAULO}')::date) < ?::date
                   and (?::int is null or s.insurer_id = ?::int)`;
      bindings = [where.unidentified.from, where.unidentified.to, where.unidentified.insurerId, where.unidentified.insurerId];
    }
    // The tolerance only shapes the answer: read beside the lines.
    const [settings, { rows }] = await Promise.all([
      settingsRead ?? this.settings.get(userId, trx),
      trx.raw<{ rows: LineRow[] }>(
        `select s.id, s.import_id as "importId", s.line, s.insurer_id as "insurerId", s.policy_number as "policyNumber", s.endorsement,
              s.instalment_number as "instalmentNumber", s.type, s.gross::text as gross, s.iss::text as iss, s.irrf::text as irrf,
              s.net::text as net, s.paid_on::text as "paidOn", s.note, s.matched_by as "matchedBy", s.policy_id as "policyId",
              p.policy_number as "matchedPolicyNumber", p.contact_name as "contactName", i.number as "matchedInstalment",
              i.expected_commission::text as expected, r.received::text as received
         from ?
         left join ? on i.id = s.instalment_id
         left join ? on p.id = s.policy_id
         left join lateral (select sum(t.gross) as received from ? where t.instalment_id = s.instalment_id) r on true
        where ${condition}
        order by s.paid_on nulls last, s.import_id, s.line
        limit 1000`,
        [
          this.lines.of(userId, trx).from('s'),
          this.instalments.of(userId, trx).from('i'),
          this.policies.of(userId, trx).from('p'),
          this.lines.of(userId, trx).from('t'),
          ...bindings,
        ],
      ),
    ]);
    return rows.map((row) => lineView(row, settings.toleranceCents));
  }

  lookup(userId: string, input: { importId: number; lines: readonly number[] }): Promise<StatementLine[]> {
    return input.lines.length === 0 ? Promise.resolve([]) : this.views(userId, { importId: input.importId, lines: input.lines });
  }

  /** `settings`: the reconciliation settings when the caller reads them already (Recebíveis' summary). */
  unidentified(
    userId: string,
    from: string,
    to: string,
    insurerId: number | null,
    trx?: Knex,
    settings?: Promise<{ toleranceCents: number }>,
  ): Promise<StatementLine[]> {
    return this.views(userId, { unidentified: { from, to, insurerId } }, trx, settings);
  }

  /** The lines paid to these instalments, by instalment (a receivables row down to its lines). */
  async linesOfInstalments(userId: string, instalmentIds: readonly number[], trx: Knex = this.knex): Promise<Map<number, StatementLine[]>> {
    const byInstalment = new Map<number, StatementLine[]>();
    if (instalmentIds.length === 0) return byInstalment;
    const rows = (await this.lines
      .of(userId, trx)
      .rows()
      .whereIn('instalmentId', instalmentIds as number[])
      .select('id', 'instalmentId')) as { id: number; instalmentId: number }[];
    const views = rows.length === 0 ? [] : await this.views(userId, { ids: rows.map((row) => row.id) }, trx);
    const instalmentOf = new Map(rows.map((row) => [row.id, row.instalmentId]));
    for (const view of views) {
      const instalmentId = instalmentOf.get(view.id)!;
      byInstalment.set(instalmentId, [...(byInstalment.get(instalmentId) ?? []), view]);
    }
    return byInstalment;
  }

  /** PUT /api/statement-lines/{id}/match: the broker pays this line to a policy's instalment (of the statement's insurer). */
  async matchByHand(userId: string, id: number, input: LineMatchInput): Promise<StatementLine> {
    await this.knex.transaction(async (trx) => {
      const line = (await this.lines.of(userId, trx).byId(id).forUpdate().first('id', 'insurerId')) as
        { id: number; insurerId: number } | undefined;
      if (!line) throw new HttpError(404, NOT_FOUND.statementLine);
      const policy = (await this.policies.of(userId, trx).byId(input.policyId).first('id', 'insurerId')) as
        { id: number; insurerId: number | null } | undefined;
      if (!policy) throw new HttpError(404, NOT_FOUND.policy, [{ path: 'policyId', message: NOT_FOUND.policy }]);
      if (policy.insurerId !== null && policy.insurerId !== line.insurerId)
        throw new HttpError(400, NOT_SAME_INSURER, [{ path: 'policyId', message: NOT_SAME_INSURER }]);
      const instalment = (await this.instalments
        .of(userId, trx)
        .rows()
        .where({ policyId: policy.id, number: input.instalment })
        .first('id')) as { id: number } | undefined;
      if (!instalment) throw new HttpError(400, NO_SUCH_INSTALMENT, [{ path: 'instalment', message: NO_SUCH_INSTALMENT }]);
      await this.lines
        .of(userId, trx)
        .byId(id)
        .update({ policyId: policy.id, instalmentId: instalment.id, matchedBy: 'manual', note: input.note });
      await this.repasse.sync(trx, userId, [id]);
    });
    return (await this.views(userId, { ids: [id] }))[0]!;
  }

  /** POST /api/statement-lines/{id}/unmatch: não identificado again, with the broker's note. */
  async unmatch(userId: string, id: number, input: LineUnmatchInput): Promise<StatementLine> {
    await this.knex.transaction(async (trx) => {
      const updated = await this.lines
        .of(userId, trx)
        .byId(id)
        .update({ policyId: null, instalmentId: null, matchedBy: null, note: input.note });
      if (updated === 0) throw new HttpError(404, NOT_FOUND.statementLine);
      await this.repasse.sync(trx, userId, [id]);
    });
    return (await this.views(userId, { ids: [id] }))[0]!;
  }
}

function lineView(row: LineRow, toleranceCents: number): StatementLine {
  const gross = cents(row.gross) ?? 0;
  const expected = cents(row.expected);
  const received = cents(row.received);
  const matched = row.policyId !== null && row.matchedInstalment !== null;
  return {
    id: row.id,
    importId: row.importId,
    line: row.line,
    insurerId: row.insurerId,
    policyNumber: row.policyNumber,
    endorsement: row.endorsement,
    instalmentNumber: row.instalmentNumber,
    type: row.type,
    gross: row.gross,
    iss: row.iss,
    irrf: row.irrf,
    net: row.net,
    paidOn: row.paidOn,
    note: row.note,
    match: {
      status: lineStatus({ type: row.type, matched, expectedCents: expected ?? 0, receivedCents: received ?? gross, toleranceCents }),
      by: row.matchedBy,
      policyId: row.policyId,
      policyNumber: row.matchedPolicyNumber,
      contactName: row.contactName,
      instalment: row.matchedInstalment,
      expected: row.expected,
      amount: row.gross,
      difference: expected === null ? null : centsToWire((received ?? 0) - expected),
    },
  };
}
