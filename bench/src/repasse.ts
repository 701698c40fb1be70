/**
 * `npm run bench:repasse` (#39): 10,000 reconciled statement lines of 10,000 policies, each split
 * between three participants (two producers with rules by insurer/line and a default, one
 * angariador with their own percent), written straight into finance's tables. Measured: the repasse
 * ledger's sync of those lines (what a statement's commit runs, in its transaction) against its
 * floor in the same run, the same insert-select in plain SQL (the same joins, rule lookup and
 * rounding) into a table of the ledger's shape: target ≤ 2× the floor. Medians of 5 runs (BENCH_REPASSE_RUNS), each
 * starting from an empty ledger.
 * A benchmark, never a test: it prints what it measured and the target.
 */
import { randomUUID } from 'node:crypto';
import knexFactory from 'knex';
import { knexSnakeCaseMappers } from 'objection';
import { runBench } from './bench-stack';
import { RepasseLedger } from '../../services/finance/src/modules/repasse/repasse-ledger';

const LINES = Number(process.env.BENCH_REPASSE_LINES ?? 10_000);
const RUNS = Number(process.env.BENCH_REPASSE_RUNS ?? 5);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * The floor: the ledger's rows in one plain insert-select (the same joins, rule lookup and rounding)
 * into a table of the ledger's shape (its columns, indexes and foreign keys): what writing these
 * lines costs in SQL, without the scope, the closed months' bookkeeping or any Node.
 */
const FLOOR_SQL = `
  insert into repasse_floor (user_id, responsible_id, participant_key, participant_name, role, month, kind, statement_line_id,
                             policy_id, policy_number, contact_name, base, share, percent, amount)
  with parts as (
    select s.id as sid, s.net, p.id as policy_id, p.policy_number, p.contact_name, q.position, q.member_id, q.name, q.role, q.share,
           coalesce(q.percent, r.percent) as percent, date_trunc('month', s.paid_on)::date as month
      from statement_lines s
      join policies p on p.id = s.policy_id
      join policy_participants q on q.policy_id = p.id
      left join lateral (
        select r.percent from commission_rules r
         where q.percent is null and r.user_id = s.user_id and r.member_id = q.member_id
           and (r.insurer_id is null or r.insurer_id = p.insurer_id) and (r.line is null or r.line = p.line)
           and (r.business = 'any' or r.business = case when p.renewed_from_policy_id is null then 'new' else 'renewal' end)
         order by (r.insurer_id is not null) desc, (r.line is not null) desc, (r.business <> 'any') desc
         limit 1
      ) r on true
     where s.user_id = $1 and s.instalment_id is not null
  ),
  priced as (
    select parts.*, round(net * share * percent / 10000, 2) as own,
           round(net * sum(share * percent) over line / 10000, 2) as total,
           sum(round(net * share * percent / 10000, 2)) over line as owns,
           row_number() over (partition by sid order by position) as rank
      from parts where percent is not null
    window line as (partition by sid)
  )
  select $1, member_id, coalesce(member_id::text, 'a:' || lower(name)), name, role, month, 'repasse', sid, policy_id, policy_number,
         contact_name, net, share, percent, case when rank = 1 then total - (owns - own) else own end
    from priced`;

runBench('repasse', async (running, log) => {
  const knex = knexFactory({
    client: 'pg',
    connection: running.stack.databaseUrl,
    searchPath: ['finance', 'public'],
    ...knexSnakeCaseMappers(),
  });
  try {
    const userId = randomUUID();
    const [ana, bruno] = [randomUUID(), randomUUID()];
    log(`seeding ${LINES} policies, their participants and reconciled lines…`);
    await knex.raw(
      `insert into finance.policies (user_id, contact_name, type, line, policy_number, premium, net_premium, status, start_date, renewal_date,
                                     commission_type, commission_value, insurer_id)
       select ?, 'Cliente ' || n, 'auto', case when n % 2 = 0 then 'auto' else 'residencial' end, 'RB-' || n, 1073.80, 1000.00, 'active',
              current_date - 30, current_date + 335, 'percentage', 12.5, 1 + n % 3
         from generate_series(1, ?::int) as n`,
      [userId, LINES],
    );
    await knex.raw(
      `insert into finance.policy_instalments (user_id, policy_id, number, due_date, premium, expected_commission)
       select user_id, id, 1, current_date, premium, 125.00 from finance.policies where user_id = ?`,
      [userId],
    );
    await knex.raw(
      `insert into finance.policy_participants (user_id, policy_id, position, member_id, name, role, share, percent)
       select p.user_id, p.id, x.position, x.member_id, x.name, x.role, x.share, x.percent
         from finance.policies p
         cross join (values (1, ?::uuid, null, 'producer', 50.00, null::numeric), (2, ?::uuid, null, 'producer', 30.00, null),
                            (3, null, 'Angariador Bench', 'angariador', 20.00, 15.00)) as x(position, member_id, name, role, share, percent)
        where p.user_id = ?`,
      [ana, bruno, userId],
    );
    await knex.raw(
      `insert into finance.commission_rules (user_id, member_id, insurer_id, line, business, percent) values
         (?, ?, null, null, 'any', 40), (?, ?, 1, null, 'any', 45), (?, ?, 1, 'auto', 'new', 50), (?, ?, null, 'residencial', 'any', 35),
         (?, ?, null, null, 'any', 50), (?, ?, 2, 'auto', 'any', 55)`,
      [userId, ana, userId, ana, userId, ana, userId, ana, userId, bruno, userId, bruno],
    );
    await knex.raw(
      `insert into finance.statement_lines (user_id, import_id, line, insurer_id, fingerprint, policy_number, type, gross, iss, irrf, net,
                                            paid_on, policy_id, instalment_id, matched_by)
       select p.user_id, 1, row_number() over (order by p.id), p.insurer_id, 'bench-' || p.id, p.policy_number, 'comissao',
              125.00, 2.50, 1.88, 120.62 + (p.id % 100) / 100.0, current_date, p.id, i.id, 'numero'
         from finance.policies p join finance.policy_instalments i on i.policy_id = p.id
        where p.user_id = ?`,
      [userId],
    );
    await knex.raw('create table finance.repasse_floor (like finance.repasse_lines including all)');
    await knex.raw(
      `alter table finance.repasse_floor
         add foreign key (statement_line_id) references finance.statement_lines (id) on delete set null,
         add foreign key (policy_id) references finance.policies (id) on delete set null`,
    );
    for (const table of ['policies', 'policy_instalments', 'policy_participants', 'commission_rules', 'statement_lines'])
      await knex.raw(`analyze finance.${table}`);
    const ids = (await knex('statement_lines').where({ userId }).pluck('id')) as number[];

    const ledger = new RepasseLedger(knex);
    const ledgerMs: number[] = [];
    const floorMs: number[] = [];
    let written = 0;
    for (let run = 0; run < RUNS; run += 1) {
      await knex.raw('delete from finance.repasse_lines where user_id = ?', [userId]);
      await knex.raw('delete from finance.repasse_floor');
      await knex.raw('vacuum analyze finance.repasse_lines');
      await knex.raw('vacuum analyze finance.repasse_floor');
      // Alternate which goes first, so that neither always meets a warmer cache.
      const sides = [
        async () => {
          const started = process.hrtime.bigint();
          await knex.transaction((trx) => ledger.sync(trx, userId, ids));
          ledgerMs.push(Number(process.hrtime.bigint() - started) / 1e6);
        },
        async () => {
          const started = process.hrtime.bigint();
          await knex.transaction((trx) => trx.raw(FLOOR_SQL.replace(/\$1/g, '?'), [userId, userId]));
          floorMs.push(Number(process.hrtime.bigint() - started) / 1e6);
        },
      ];
      for (const side of run % 2 === 0 ? sides : [...sides].reverse()) await side();
      written = Number(((await knex('repasse_lines').where({ userId }).count('* as count')) as { count: string }[])[0]!.count);
      const floorRows = Number(((await knex('repasse_floor').count('* as count')) as { count: string }[])[0]!.count);
      if (floorRows !== written) throw new Error(`the floor wrote ${floorRows} lines, the ledger ${written}`);
    }
    const [ledgerMedian, floorMedian] = [median(ledgerMs), median(floorMs)];
    const ratio = Math.round((ledgerMedian / floorMedian) * 100) / 100;
    console.log(`\n${LINES} reconciled lines × 3 participants = ${written} repasse lines, medians of ${RUNS} runs`);
    console.table([
      { what: 'the repasse ledger (sync, in a transaction)', ms: Math.round(ledgerMedian), runs: ledgerMs.map(Math.round).join(' ') },
      { what: 'floor: the same insert-select in plain SQL', ms: Math.round(floorMedian), runs: floorMs.map(Math.round).join(' ') },
    ]);
    console.log(`ledger / floor = ${ratio} (target <= 2)`);
  } finally {
    await knex.destroy();
  }
});
