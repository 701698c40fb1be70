import { SAO_PAULO } from '@corretora/contracts';
import { type BrokerScopedTable, intArrayLiteral, runAsMember } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';

/** The brokerage's last closed month ('YYYY-MM-01'), or null: every month up to it is frozen. */
export async function closedUntil(knex: Knex | Knex.Transaction, userId: string): Promise<string | null> {
  const closings = tables.scoped(knex, 'repasse_closings');
  const row = (await closings.of(userId, knex).rows().max('month as until').first()) as { until: string | null } | undefined;
  return row?.until ?? null;
}

/**
 * What each participant is owed of each commission received, as of now: one row per statement line
 * matched to a policy and participant with a percent (an angariador's own, or the member's most
 * specific rule: insurer, then line, then new/renewal; the default last). A policy with no
 * participants is its responsible member's, 100 %. Each participant's amount is received × share ×
 * percent rounded to the centavo (half away from zero, so an estorno mirrors its commission); the
 * line's total is rounded once, and the first participant takes the remainder, so that the lines
 * add up to the total exactly. `?` in order: the statement lines' scope, policies', participants',
 * rules', then the line ids and the ids to leave out (undone).
 */
const DESIRED = `
  src as (
    select s.id, s.net, s.type, s.policy_id,
           date_trunc('month', coalesce(s.paid_on, (s.created_at at time zone '${SAO_PAULO}')::date))::date as month
      from ${tables.fromSql('statement_lines', 's')}
      join (select unnest(?::int[]) as id except select unnest(?::int[])) wanted on wanted.id = s.id
     where s.instalment_id is not null and s.policy_id is not null
  ),
  parts as (
    select src.id as sid, src.net, src.type, src.month, p.id as policy_id, p.policy_number, p.contact_name,
           pp.position, pp.member_id, pp.name, pp.role, pp.share, coalesce(pp.percent, r.percent) as percent
      from src
      join ${tables.fromSql('policies', 'p')} on p.id = src.policy_id
      cross join lateral (
        select q.position, q.member_id, q.name, q.role, q.share, q.percent
          from ${tables.fromSql('policy_participants', 'q')} where q.policy_id = p.id
        union all
        select 1, p.responsible_id, null, 'producer', 100.00, null
         where not exists (select 1 from policy_participants e where e.policy_id = p.id)
      ) pp
      left join lateral (
        select r.percent from ${tables.fromSql('commission_rules', 'r')}
         where pp.percent is null and r.member_id = pp.member_id
           and (r.insurer_id is null or r.insurer_id = p.insurer_id)
           and (r.line is null or r.line = p.line)
           and (r.business = 'any' or r.business = case when p.renewed_from_policy_id is null then 'new' else 'renewal' end)
         order by (r.insurer_id is not null) desc, (r.line is not null) desc, (r.business <> 'any') desc
         limit 1
      ) r on true
  ),
  priced as (
    select parts.*, round(net * share * percent / 10000, 2) as own,
           round(net * sum(share * percent) over line / 10000, 2) as total,
           sum(round(net * share * percent / 10000, 2)) over line as owns,
           row_number() over (partition by sid order by position) as rank
      from parts
     where percent is not null
    window line as (partition by sid)
  ),
  desired as (
    select sid, policy_id, policy_number, contact_name, member_id, name, role, share, percent, net, type, month,
           coalesce(member_id::text, 'a:' || lower(name)) as key,
           case when rank = 1 then total - (owns - own) else own end as amount
      from priced
  )`;

function desiredBindings(userId: string, ids: string, without: string): Knex.Value[] {
  return [
    ...tables.bindings('statement_lines', userId),
    ids,
    without,
    ...tables.bindings('policies', userId),
    ...tables.bindings('policy_participants', userId),
    ...tables.bindings('commission_rules', userId),
  ];
}

/**
 * The repasse ledger. `sync` makes the ledger say, for the statement lines given, what
 * `DESIRED` says now: their lines in open months are rewritten; what a closed month holds never
 * changes, and the difference (a split edited, a line unmatched or its statement undone after the
 * month closed) is written as an 'ajuste' in the first open month. Lines that were never paid out
 * and did not change write nothing. The brokerage's ledger is one: it is synced as the brokerage
 * (whoever's request changed a line), and read through each member's scope.
 */
export class RepasseLedger {
  private readonly ledger: BrokerScopedTable;
  private readonly statementLines: BrokerScopedTable;
  private readonly policies: BrokerScopedTable;

  constructor(private readonly knex: Knex) {
    this.ledger = tables.scoped(knex, 'repasse_lines');
    this.statementLines = tables.scoped(knex, 'statement_lines');
    this.policies = tables.scoped(knex, 'policies');
  }

  /** Syncs these statement lines; `without`: lines about to go (a statement undone), owed nothing. */
  async sync(trx: Knex.Transaction, userId: string, lineIds: readonly number[], without: readonly number[] = []): Promise<void> {
    if (lineIds.length === 0) return;
    await runAsMember(undefined, async () => {
      const ids = intArrayLiteral(lineIds);
      // The lines' policies, held until this transaction ends: a split edited meanwhile (which locks
      // its policy for update) waits for these lines' repasse, or this sync waits for the new split.
      await this.policies
        .of(userId, trx)
        .rows()
        .whereIn('id', this.statementLines.of(userId, trx).rows().whereRaw('id in (select unnest(?::int[]))', [ids]).select('policyId'))
        .orderBy('id')
        .forShare()
        .select('id');
      const until = await closedUntil(trx, userId);
      const gone = intArrayLiteral(without);
      const open = this.ledger.of(userId, trx).rows().whereRaw('statement_line_id in (select unnest(?::int[]))', [ids]);
      await (until ? open.andWhere('month', '>', until) : open).delete();
      await trx.raw(
        `with ${DESIRED},
         frozen as (
           select l.statement_line_id as sid, l.participant_key as key, sum(l.amount) as amount,
                  (min(l.responsible_id::text))::uuid as member_id, min(l.participant_name) as name, min(l.role) as role,
                  min(l.policy_id) as policy_id, min(l.policy_number) as policy_number, min(l.contact_name) as contact_name
             from ${tables.fromSql('repasse_lines', 'l')}
            where l.statement_line_id in (select unnest(?::int[])) and ?::date is not null and l.month <= ?::date
            group by 1, 2
         ),
         moves as (
           select coalesce(d.sid, f.sid) as sid, coalesce(d.key, f.key) as key, coalesce(d.member_id, f.member_id) as member_id,
                  coalesce(d.name, f.name) as name, coalesce(d.role, f.role) as role, coalesce(d.policy_id, f.policy_id) as policy_id,
                  coalesce(d.policy_number, f.policy_number) as policy_number, coalesce(d.contact_name, f.contact_name) as contact_name,
                  coalesce(d.net, 0) as base, coalesce(d.share, 0) as share, coalesce(d.percent, 0) as percent,
                  coalesce(d.amount, 0) - coalesce(f.amount, 0) as amount, d.month, d.type, f.key is not null as adjusts
             from desired d full join frozen f on f.sid = d.sid and f.key = d.key
         )
         insert into repasse_lines (user_id, responsible_id, participant_key, participant_name, role, month, kind, statement_line_id,
                                    policy_id, policy_number, contact_name, base, share, percent, amount)
         select ?, m.member_id, m.key, m.name, m.role, t.month,
                case when m.adjusts or t.month <> m.month then 'ajuste' when m.type = 'estorno' then 'estorno' else 'repasse' end,
                m.sid, m.policy_id, m.policy_number, m.contact_name, m.base, m.share, m.percent, m.amount
           from moves m
           cross join lateral (
             select case when ?::date is null or m.month > ?::date then m.month else (?::date + interval '1 month')::date end as month
           ) t
          where m.amount <> 0`,
        [
          ...desiredBindings(userId, ids, gone),
          ...tables.bindings('repasse_lines', userId),
          ids,
          until,
          until,
          userId,
          until,
          until,
          until,
        ],
      );
    });
  }

  /** Syncs every received line of these policies (their participants changed). */
  async syncPolicies(trx: Knex.Transaction, userId: string, policyIds: readonly number[]): Promise<void> {
    if (policyIds.length === 0) return;
    const lineIds = await runAsMember(
      undefined,
      () =>
        this.statementLines
          .of(userId, trx)
          .rows()
          .whereIn('policyId', policyIds as number[])
          .pluck('id') as Promise<number[]>,
    );
    await this.sync(trx, userId, lineIds);
  }
}
