/**
 * `npm run bench:scale` (#63 item 1): the largest brokerage, measured. One brokerage of 300,000
 * contacts, 500,000 policies with 6,000,000 instalments, 5,000,000 timeline entries, 100,000 tasks
 * and 80 members (the owner, 4 admins, 50 producers, 25 assistants), beside 1,000 small brokerages
 * (20 contacts, 10 policies and their 120 instalments each), written straight into the services'
 * tables (triggers off while seeding: the audit log and the account gate are not what is measured).
 * BENCH_SCALE (default 1) multiplies every count: 0.05 tries the script in a minute.
 * - Measured through nginx with a session, as the owner and as a producer (who sees their own 1/51):
 *   the screens a member opens all day (Contatos page 1 and a search, Apólices filtered, the ficha,
 *   Minhas tarefas, the Painel, Comissões of 12 months, Recebíveis of a month and an insurer's page of
 *   it, the top bar's search), BENCH_SCALE_ROUNDS (20) times each after 3 unmeasured, one at a time.
 * - Floor, in the same run: each screen's statements in plain SQL on the same database, one after the
 *   other on one connection — everything the screen shows (the ficha's cards, tasks, claims, documents
 *   and renewals; the Painel's renewals of this month and the next 30 days; Recebíveis' settings,
 *   chargebacks, unmatched lines and insurers' names; the top bar's cards and claims, in its order).
 * Target: every p95 ≤ 300 ms and every ratio ≤ 3. A benchmark, never a test: it prints what it
 * measured and the targets. BENCH_SCALE_HOLD=1 keeps the seeded stack up after the figures (its
 * database URL printed) until Ctrl-C, to EXPLAIN what was slow.
 */
import pg from 'pg';
import { runBench } from './bench-stack';
import { BENCH_PASSWORD, onboardedBroker, postJson } from './broker';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const ROUNDS = Number(process.env.BENCH_SCALE_ROUNDS ?? 20);
const CONTACTS = Math.round(300_000 * SCALE);
const POLICIES = Math.round(500_000 * SCALE);
const TIMELINE = Math.round(5_000_000 * SCALE);
const TASKS = Math.round(100_000 * SCALE);
const SMALL = Math.max(10, Math.round(1_000 * SCALE));
const INSTALMENTS = 12;
const MONTH = new Date().toISOString().slice(0, 7);

const FIRST = ['João', 'Maria', 'José', 'Ana', 'Antônio', 'Francisca', 'Conceição', 'Luís', 'Márcia', 'Sebastião'];
const LAST = ['Silva', 'Souza', 'Araújo', 'Gonçalves', 'Simões', 'Brandão', 'Magalhães', 'Assunção', 'Pereira', 'Lima'];

/** The brokerage's members besides its owner: 4 admins, 50 producers, 25 assistants (the owner's password, to sign in). */
async function seedMembers(db: pg.Client, owner: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `insert into identity.users (email, password, name, brokerage_id, role, is_email_verified)
     select 'membro' || n || '-' || $1::text || '@bench.test', u.password, 'Membro ' || n, u.id,
            case when n <= 4 then 'admin' when n <= 54 then 'producer' else 'assistant' end, true
       from identity.users u, generate_series(1, 79) as n where u.id = $1::uuid
     returning id`,
    [owner],
  );
  return rows.map((row) => row.id);
}

/** A brokerage's book: contacts (each a producer's, or the owner's), policies with their instalments, timeline, tasks, cards. */
async function seedBook(
  db: pg.Client,
  user: string,
  owners: readonly string[],
  counts: { contacts: number; policies: number; timeline: number; tasks: number },
): Promise<void> {
  await db.query(
    `insert into pipeline.contacts (user_id, name, email, phone, cpf, type, kind, responsible_id, created_at)
     select $1, ($2::text[])[1 + n % 10] || ' ' || ($3::text[])[1 + (n / 10) % 10] || ' ' || ($3::text[])[1 + (n / 100) % 10] || ' ' || n,
            'cliente' || n || '@exemplo.com.br', '119' || lpad(n::text, 8, '0'), (10000000000 + n::bigint * 104729)::text,
            case when n % 5 = 0 then 'prospect' else 'individual' end, 'pf', ($4::uuid[])[1 + n % cardinality($4::uuid[])],
            now() - make_interval(days => n % 1800)
       from generate_series(1, $5::int) as n`,
    [user, FIRST, LAST, owners, counts.contacts],
  );
  await db.query(
    `insert into finance.policies (user_id, contact_id, contact_name, type, line, policy_number, proposal_number, premium, net_premium,
                                   status, start_date, renewal_date, commission_type, commission_value, responsible_id, created_at)
     select $1, c.id, c.name, (array['auto', 'home', 'life', 'business'])[1 + n % 4], (array['auto', 'residencial', 'vida', 'empresarial'])[1 + n % 4],
            'AP-' || n, 'PR' || n, 1073.80 + n % 500, 1000.00 + n % 500, case when n % 20 = 0 then 'cancelled' else 'active' end,
            current_date - (n % 365), current_date - (n % 365) + 365, 'percentage', 10 + n % 10, c.responsible_id,
            now() - make_interval(days => n % 365)
       from generate_series(1, $2::int) as n
       join (select id, name, responsible_id, row_number() over (order by id) as r from pipeline.contacts where user_id = $1) c
         on c.r = 1 + n % $3::int`,
    [user, counts.policies, counts.contacts],
  );
  await db.query(
    `insert into finance.policy_instalments (user_id, policy_id, number, due_date, premium, expected_commission)
     select p.user_id, p.id, k, p.start_date + make_interval(months => k - 1), round(p.premium / ${INSTALMENTS}, 2),
            round(p.net_premium * p.commission_value / 100 / ${INSTALMENTS}, 2)
       from finance.policies p, generate_series(1, ${INSTALMENTS}) as k where p.user_id = $1`,
    [user],
  );
  await db.query(
    `insert into pipeline.contact_timeline (user_id, contact_id, kind, type, note, created_by, created_at)
     select $1, c.id, 'interaction', (array['ligacao', 'whatsapp', 'email', 'reuniao'])[1 + n % 4], 'Conversa ' || n, 'Membro',
            now() - make_interval(mins => n % 500000)
       from generate_series(1, $2::int) as n
       join (select id, row_number() over (order by id) as r from pipeline.contacts where user_id = $1) c on c.r = 1 + n % $3::int`,
    [user, counts.timeline, counts.contacts],
  );
  await db.query(
    `insert into pipeline.tasks (user_id, title, due_at, timed, contact_id, responsible_id, done_at)
     select $1, 'Retornar ' || c.id, now() + make_interval(hours => (n % 400) - 200), false, c.id, c.responsible_id,
            case when n % 3 = 0 then now() end
       from generate_series(1, $2::int) as n
       join (select id, responsible_id, row_number() over (order by id) as r from pipeline.contacts where user_id = $1) c on c.r = 1 + n % $3::int`,
    [user, counts.tasks, counts.contacts],
  );
}

async function seed(db: pg.Client, owner: string, log: (line: string) => void): Promise<string[]> {
  await db.query('set session_replication_role = replica');
  const members = await seedMembers(db, owner);
  // Clients belong to the owner and the producers (an assistant works on others').
  const producers = members.slice(4, 54);
  const started = Date.now();
  await seedBook(db, owner, [owner, ...producers], { contacts: CONTACTS, policies: POLICIES, timeline: TIMELINE, tasks: TASKS });
  log(`the large brokerage seeded in ${Math.round((Date.now() - started) / 1000)} s`);
  const { rows: small } = await db.query<{ id: string }>(
    // Each its own brokerage (the trigger that says so is off while seeding).
    `insert into identity.users (id, brokerage_id, email, password, name, is_email_verified)
     select id, id, 'pequena' || n || '-' || $1::text || '@bench.test', 'x', 'Pequena ' || n, true
       from (select gen_random_uuid() as id, n from generate_series(1, $2::int) as n) s returning id`,
    [owner, SMALL],
  );
  for (const { id } of small) await seedBook(db, id, [id], { contacts: 20, policies: 10, timeline: 50, tasks: 5 });
  await db.query('set session_replication_role = default');
  await db.query('analyze');
  log(`${SMALL} small brokerages seeded; ${Math.round((Date.now() - started) / 1000)} s in all`);
  await summedByMonth(db, log);
  return members;
}

/**
 * The seed wrote past the triggers that mark months to sum (month-totals.ts in finance), so it marks
 * every month itself, as the migration does for a book already there, and waits for finance's job
 * (every minute) to sum them: what a brokerage's screens read once the job has caught up.
 */
async function summedByMonth(db: pg.Client, log: (line: string) => void): Promise<void> {
  const started = Date.now();
  await db.query(`insert into finance.instalment_months_dirty
                  select distinct user_id, date_trunc('month', due_date)::date from finance.policy_instalments on conflict do nothing`);
  await db.query(`insert into finance.policy_months_dirty
                  select distinct user_id, date_trunc('month', renewal_date)::date from finance.policies on conflict do nothing`);
  for (;;) {
    const { rows } = await db.query<{ n: number }>(
      'select (select count(*) from finance.instalment_months_dirty) + (select count(*) from finance.policy_months_dirty) as n',
    );
    if (Number(rows[0]!.n) === 0) break;
    if (Date.now() - started > 15 * 60_000)
      throw new Error(`finance's month totals not summed after 15 minutes (${rows[0]!.n} months left)`);
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  log(`every month summed by finance's job in ${Math.round((Date.now() - started) / 1000)} s`);
}

/** p50 and p95 of `rounds` sequential runs, after 3 unmeasured. */
async function timed(run: () => Promise<void>, rounds = ROUNDS): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 3; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!;
  return { p50: at(0.5), p95: at(0.95) };
}

interface Screen {
  name: string;
  /** What the screen asks the API, all at once (its time: until the last answers). */
  paths: (ids: { contactId: number }) => string[];
  /** The screen's statements, plain SQL: $1 the brokerage, $2 the member a producer is (null: everyone's), $3 the contact. */
  sql: string[];
}

const SCREENS: Screen[] = [
  {
    name: 'Contatos, page 1',
    paths: () => ['/api/contacts?page=1&pageSize=25'],
    sql: [
      `select id, name, email, phone, type from pipeline.contacts
        where user_id = $1 and ($2::uuid is null or responsible_id = $2) order by name collate pipeline.pt_br_natural, id limit 25`,
      'select count(*) from pipeline.contacts where user_id = $1 and ($2::uuid is null or responsible_id = $2)',
    ],
  },
  {
    name: 'Contatos, a search',
    paths: () => ['/api/contacts?page=1&pageSize=25&q=Brand%C3%A3o%20Lima'],
    sql: [
      `select id, name, email, phone, type from pipeline.contacts
        where user_id = $1 and ($2::uuid is null or responsible_id = $2) and search_text like '%brandao%' and search_text like '%lima%'
        order by name collate pipeline.pt_br_natural, id limit 25`,
      `select count(*) from pipeline.contacts
        where user_id = $1 and ($2::uuid is null or responsible_id = $2) and search_text like '%brandao%' and search_text like '%lima%'`,
    ],
  },
  {
    name: 'Apólices, active auto',
    // The screen's first page (50 rows) and how many there are.
    paths: () => ['/api/policies/page?status=active&line=auto&page=1&pageSize=50'],
    sql: [
      `select * from finance.policies where user_id = $1 and ($2::uuid is null or responsible_id = $2) and status = 'active'
          and renewal_date >= current_date and line = 'auto'
        order by created_at desc, id desc limit 50`,
      `select count(*) from finance.policies where user_id = $1 and ($2::uuid is null or responsible_id = $2) and status = 'active'
          and renewal_date >= current_date and line = 'auto'`,
    ],
  },
  {
    name: 'the ficha',
    paths: ({ contactId }) => [`/api/contacts/${contactId}/overview`],
    // Everything the ficha shows: the contact, its open cards and tasks, the timeline; its policies with
    // their instalments, claims, documents and open renewals.
    sql: [
      'select * from pipeline.contacts where user_id = $1 and id = $3',
      `select id, stage_key, stage_entered_at, next_action_at, next_action_type from pipeline.pipeline_cards
        where user_id = $1 and contact_id = $3 and status = 'active' order by id`,
      `select * from pipeline.tasks where user_id = $1 and contact_id = $3 and done_at is null and due_at < current_date + 31
        order by due_at, id`,
      'select * from pipeline.contact_timeline where user_id = $1 and contact_id = $3 order by created_at desc limit 50',
      'select * from finance.policies where user_id = $1 and contact_id = $3',
      `select i.* from finance.policy_instalments i join finance.policies p on p.id = i.policy_id
        where p.user_id = $1 and p.contact_id = $3 and i.user_id = $1`,
      'select * from finance.claims where user_id = $1 and contact_id = $3 order by date_filed desc, id desc limit 50',
      `select * from finance.documents where user_id = $1
          and (contact_id = $3 or policy_id in (select id from finance.policies where user_id = $1 and contact_id = $3))
        order by uploaded_at desc, id desc limit 50`,
      `select r.* from finance.renewals r join finance.policies p on p.id = r.policy_id
        where r.user_id = $1 and p.user_id = $1 and p.contact_id = $3 and r.status = 'open' order by r.due_date, r.id`,
    ],
  },
  {
    name: 'Minhas tarefas',
    // The list the screen opens on (Atrasadas: something is late), its first page, and every list's count;
    // the member's own work (the owner's too), cards, written tasks, renewals.
    paths: () => ['/api/tasks/page?page=1&pageSize=50'],
    sql: [
      `select count(*) filter (where d < current_date), count(*) filter (where d = current_date), count(*) filter (where d > current_date)
         from (select (due_at at time zone 'America/Sao_Paulo')::date as d from pipeline.tasks
                where user_id = $1 and responsible_id = coalesce($2::uuid, $1::uuid) and done_at is null
               union all
               select (next_action_at at time zone 'America/Sao_Paulo')::date from pipeline.pipeline_cards
                where user_id = $1 and responsible_id = coalesce($2::uuid, $1::uuid) and status = 'active' and next_action_at is not null) x
        where d <= current_date + 7`,
      `select coalesce((r.next_action_at at time zone 'America/Sao_Paulo')::date, r.due_date - 30) < current_date, count(*)
         from finance.renewals r where r.user_id = $1 and r.responsible_id = coalesce($2::uuid, $1::uuid) and r.status = 'open'
          and coalesce((r.next_action_at at time zone 'America/Sao_Paulo')::date, r.due_date - 30) <= current_date + 7 group by 1`,
      `select r.*, p.policy_number, p.contact_name from finance.renewals r join finance.policies p on p.id = r.policy_id
        where r.user_id = $1 and p.user_id = $1 and r.responsible_id = coalesce($2::uuid, $1::uuid) and r.status = 'open'
          and coalesce((r.next_action_at at time zone 'America/Sao_Paulo')::date, r.due_date - 30) < current_date
        order by coalesce(r.next_action_at, (r.due_date - 30)::timestamp), r.id limit 50`,
      `select * from pipeline.tasks where user_id = $1 and responsible_id = coalesce($2::uuid, $1::uuid) and done_at is null
          and (due_at at time zone 'America/Sao_Paulo')::date < current_date order by due_at, id limit 50`,
    ],
  },
  {
    name: 'the Painel',
    paths: () => ['/api/dashboard/stats'],
    sql: [
      `select (select count(*) from pipeline.contacts where user_id = $1 and type <> 'prospect' and ($2::uuid is null or responsible_id = $2)),
              (select count(*) from pipeline.pipeline_cards where user_id = $1 and status in ('active', 'issued'))`,
      `select sum(policies), sum(commission_cents) from finance.policy_months
        where user_id = $1 and ($2::uuid is null or responsible_id = $2) and month > date_trunc('month', current_date)`,
      `select sum(receivable), sum(off_instalments), sum(unpaid_instalments) from finance.instalment_months
        where user_id = $1 and ($2::uuid is null or responsible_id = $2) and month <= date_trunc('month', current_date)`,
      // This month's renewals from today on, from the policies (as Comissões'), and the next 30 days' count.
      `select count(*), sum(coalesce(net_premium, premium) * commission_value / 100) from finance.policies
        where user_id = $1 and ($2::uuid is null or responsible_id = $2) and status = 'active'
          and renewal_date >= current_date and renewal_date < date_trunc('month', current_date) + interval '1 month'`,
      `select count(*) from finance.policies where user_id = $1 and ($2::uuid is null or responsible_id = $2) and status = 'active'
          and renewal_date between current_date and current_date + 30`,
      `select count(*) from finance.claims where user_id = $1 and ($2::uuid is null or responsible_id = $2) and status in ('open', 'in_review')`,
    ],
  },
  {
    name: 'Comissões, 12 months',
    // The summary (cards, lines, projections) and the Apólices tab's first page, as the screen asks them.
    paths: () => ['/api/commissions/summary?months=12', '/api/commissions/policies?page=1&pageSize=50'],
    sql: [
      // The months' totals (finance's month-totals.ts), this month's renewals from the policies.
      `select type, line, month, sum(policies), sum(commission_cents), sum(base_cents) from finance.policy_months
        where user_id = $1 and ($2::uuid is null or responsible_id = $2) and month > date_trunc('month', current_date) group by 1, 2, 3`,
      `select type, line, count(*), sum(coalesce(net_premium, premium) * commission_value / 100) from finance.policies
        where user_id = $1 and ($2::uuid is null or responsible_id = $2) and status = 'active'
          and renewal_date >= current_date and renewal_date < date_trunc('month', current_date) + interval '1 month' group by 1, 2`,
      `select month, sum(expected) from finance.instalment_months where user_id = $1 and ($2::uuid is null or responsible_id = $2)
          and month >= date_trunc('month', current_date) and month < date_trunc('month', current_date) + interval '12 months' group by 1`,
      `select id, policy_number, contact_name, premium, net_premium, commission_value, renewal_date, status from finance.policies
        where user_id = $1 and ($2::uuid is null or responsible_id = $2) order by renewal_date, id limit 50`,
      'select count(*) from finance.policies where user_id = $1 and ($2::uuid is null or responsible_id = $2)',
    ],
  },
  {
    name: 'Recebíveis of a month',
    // The screen's figures (cards, insurers, chart, the lines nothing matched): the months' totals.
    paths: () => [`/api/receivables/summary?month=${MONTH}`],
    sql: [
      `select insurer_id, sum(instalments), sum(expected), sum(received), sum(iss), sum(irrf), sum(net), sum(off_instalments)
         from finance.receivable_months where user_id = $1 and ($2::uuid is null or responsible_id = $2)
          and month = date_trunc('month', current_date) group by 1`,
      `select insurer_id, sum(unpaid_instalments) from finance.receivable_days where user_id = $1 and ($2::uuid is null or responsible_id = $2)
          and day >= date_trunc('month', current_date) and day < current_date - 10 group by 1`,
      `select month, sum(expected), sum(received) from finance.receivable_months where user_id = $1 and ($2::uuid is null or responsible_id = $2)
          and month > date_trunc('month', current_date) - interval '12 months' and month <= date_trunc('month', current_date) group by 1`,
      // The reconciliation settings, the month's chargebacks, the lines nothing matched, the insurers' names.
      'select tolerance, grace_days from finance.finance_settings where user_id = $1',
      `select insurer_id, sum(chargeback_expected) from finance.policies where user_id = $1 and ($2::uuid is null or responsible_id = $2)
          and cancelled_on >= date_trunc('month', current_date) and cancelled_on < date_trunc('month', current_date) + interval '1 month'
          and chargeback_expected is not null group by 1`,
      `select * from finance.statement_lines where user_id = $1 and instalment_id is null
          and coalesce(paid_on, created_at::date) >= date_trunc('month', current_date)
          and coalesce(paid_on, created_at::date) < date_trunc('month', current_date) + interval '1 month'
        order by paid_on nulls last, import_id, line limit 1000`,
      'select id, name from catalogues.insurers where user_id = $1',
    ],
  },
  {
    name: 'Recebíveis, an insurer',
    // "Ver parcelas" on the month's largest insurer (the seed's policies name none): its first page.
    paths: () => [`/api/receivables/instalments?month=${MONTH}&insurerId=none&page=1&pageSize=50`],
    sql: [
      `select i.*, p.policy_number, p.contact_name from finance.policy_instalments i join finance.policies p on p.id = i.policy_id
        where i.user_id = $1 and p.user_id = $1 and ($2::uuid is null or p.responsible_id = $2) and p.insurer_id is null
          and i.due_date >= date_trunc('month', current_date) and i.due_date < date_trunc('month', current_date) + interval '1 month'
        order by i.due_date, i.policy_id, i.number limit 50`,
      `select sum(instalments) from finance.receivable_months where user_id = $1 and ($2::uuid is null or responsible_id = $2)
          and month = date_trunc('month', current_date) and insurer_id = 0`,
      // What statements paid on the page's instalments (the page shows it), and the reconciliation settings.
      `select s.* from finance.statement_lines s where s.user_id = $1 and s.instalment_id in (
         select i.id from finance.policy_instalments i join finance.policies p on p.id = i.policy_id
          where i.user_id = $1 and p.user_id = $1 and ($2::uuid is null or p.responsible_id = $2) and p.insurer_id is null
            and i.due_date >= date_trunc('month', current_date) and i.due_date < date_trunc('month', current_date) + interval '1 month'
          order by i.due_date, i.policy_id, i.number limit 50)`,
      'select tolerance, grace_days from finance.finance_settings where user_id = $1',
    ],
  },
  {
    name: 'the top bar search',
    paths: () => ['/api/search?q=Brand%C3%A3o%20Lima'],
    // What the box lists: clients (every word typed, those starting with it first), their open cards,
    // policies and claims by number.
    sql: [
      `select id, name from pipeline.contacts where user_id = $1 and ($2::uuid is null or responsible_id = $2)
          and search_text like '%brandao%' and search_text like '%lima%'
        order by (search_text like 'brandao lima%' or search_text like '% brandao lima%') desc, search_text collate "C", id limit 20`,
      `select k.id, c.name from pipeline.pipeline_cards k join pipeline.contacts c on c.id = k.contact_id and c.user_id = $1
        where k.user_id = $1 and ($2::uuid is null or k.responsible_id = $2) and k.status = 'active'
          and c.search_text like '%brandao%' and c.search_text like '%lima%' order by k.id desc limit 20`,
      `select id, policy_number from finance.policies where user_id = $1 and ($2::uuid is null or responsible_id = $2)
          and number_keys like '%BRANDAOLIMA%' order by created_at desc, id desc limit 20`,
      `select id, claim_id from finance.claims where user_id = $1 and ($2::uuid is null or responsible_id = $2)
          and number_keys like '%BRANDAOLIMA%' order by date_filed desc, id desc limit 20`,
    ],
  },
];

async function signIn(url: string, email: string): Promise<string> {
  const response = await postJson(`${url}/api/auth/login`, { email, password: BENCH_PASSWORD });
  return response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
}

runBench('scale', async (running, log) => {
  const url = running.nginx.url;
  const { cookie: ownerCookie, userId: owner } = await onboardedBroker(url, 'scale');
  const db = new pg.Client({ connectionString: running.stack.databaseUrl });
  await db.connect();
  try {
    log(`seeding ${CONTACTS} contacts, ${POLICIES} policies, ${POLICIES * INSTALMENTS} instalments, ${TIMELINE} timeline entries…`);
    const members = await seed(db, owner, log);
    const producer = members[4]!;
    const { rows: emails } = await db.query<{ email: string }>('select email from identity.users where id = $1', [producer]);
    const producerCookie = await signIn(url, emails[0]!.email);
    const { rows: mine } = await db.query<{ id: number }>(
      'select id from pipeline.contacts where user_id = $1 and responsible_id = $2 order by id limit 1',
      [owner, producer],
    );
    const contactId = mine[0]!.id;
    const results: string[] = [];
    let worst = { p95: 0, ratio: 0 };
    for (const [who, cookie, member] of [
      ['owner', ownerCookie, null],
      ['producer', producerCookie, producer],
    ] as const) {
      for (const screen of SCREENS) {
        let bytes = 0;
        let failed = '';
        // A screen that fails (a 502 when a service gives up) is a result too: said, and the others still measured.
        const api = await timed(async () => {
          const sizes = await Promise.all(
            screen.paths({ contactId }).map(async (path) => {
              const response = await fetch(`${url}${path}`, { headers: { Cookie: cookie } });
              if (!response.ok) failed = `${response.status} ${(await response.text()).slice(0, 80)}`;
              return (await response.arrayBuffer().catch(() => new ArrayBuffer(0))).byteLength;
            }),
          );
          bytes = sizes.reduce((sum, size) => sum + size, 0);
        });
        const sql = await timed(async () => {
          for (const text of screen.sql) {
            // Only the parameters the statement names, renumbered from $1 (Postgres types each one it is sent).
            const used = [...new Set([...text.matchAll(/\$(\d)/g)].map((match) => Number(match[1])))].sort();
            const statement = text.replace(/\$(\d)/g, (_, index: string) => `$${used.indexOf(Number(index)) + 1}`);
            await db.query(
              statement,
              used.map((index) => [owner, member, contactId][index - 1]),
            );
          }
        });
        const ratio = api.p95 / Math.max(sql.p95, 1);
        worst = { p95: Math.max(worst.p95, api.p95), ratio: Math.max(worst.ratio, ratio) };
        results.push(
          `${who.padEnd(9)} ${screen.name.padEnd(24)} p50 ${api.p50.toFixed(0).padStart(6)} ms  p95 ${api.p95.toFixed(0).padStart(6)} ms` +
            `  SQL p95 ${sql.p95.toFixed(0).padStart(6)} ms  ratio ${ratio.toFixed(2).padStart(6)}  ${(bytes / 1024).toFixed(0)} KiB` +
            `${api.p95 > 300 || ratio > 3 || failed ? '  ✘' : ''}${failed ? `  answered ${failed}` : ''}`,
        );
        log(results.at(-1)!);
      }
    }
    process.stdout.write(
      `\nbench:scale (BENCH_SCALE=${SCALE}: ${CONTACTS} contacts, ${POLICIES} policies, ${POLICIES * INSTALMENTS} instalments, ${TIMELINE} timeline entries, 80 members, ${SMALL} small brokerages)\n` +
        `${results.join('\n')}\n` +
        `worst p95 ${worst.p95.toFixed(0)} ms (target ≤ 300), worst ratio ${worst.ratio.toFixed(2)} (target ≤ 3)\n`,
    );
    if (process.env.BENCH_SCALE_HOLD === '1') {
      log(`holding the stack until Ctrl-C: ${running.stack.databaseUrl}, ${url} (owner ${owner}, producer ${producer})`);
      await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
    }
  } finally {
    await db.end();
  }
});
