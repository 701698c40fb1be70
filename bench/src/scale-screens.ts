/**
 * What `npm run bench:scale` times on the seeded book (scale.ts): the screens a member opens all day,
 * each through nginx with the member's session and against its own statements in plain SQL, round by
 * round in turn. The API is asked as a browser asks (keep-alive, gzip accepted and unpacked) through
 * Node's http client: WHATWG fetch in Node costs about a millisecond more a request on this machine
 * (measured side by side), time of the measuring client that no browser spends and the floor's pg
 * client does not spend either.
 */
import http from 'node:http';
import { gunzipSync } from 'node:zlib';
import type pg from 'pg';

const MONTH = new Date().toISOString().slice(0, 7);

/**
 * p50 and p95 of each of `runs` over `rounds` rounds, after 3 unmeasured: in each round every run goes
 * once, one after the other, so a burst of the shared machine's noise falls on the API and its floor
 * alike instead of on whichever was being measured at the time.
 */
async function timed<K extends string>(
  runs: Record<K, () => Promise<void>>,
  rounds: number,
): Promise<Record<K, { p50: number; p95: number }>> {
  const names = Object.keys(runs) as K[];
  for (let i = 0; i < 3; i++) for (const name of names) await runs[name]();
  const times = Object.fromEntries(names.map((name) => [name, [] as number[]])) as Record<K, number[]>;
  for (let i = 0; i < rounds; i++)
    for (const name of names) {
      const started = performance.now();
      await runs[name]();
      times[name].push(performance.now() - started);
    }
  const at = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return Object.fromEntries(
    names.map((name) => {
      const sorted = times[name].sort((a, b) => a - b);
      return [name, { p50: at(sorted, 0.5), p95: at(sorted, 0.95) }];
    }),
  ) as Record<K, { p50: number; p95: number }>;
}

export interface Screen {
  name: string;
  /** What the screen asks the API, all at once (its time: until the last answers). */
  paths: (ids: { contactId: number }) => string[];
  /** The screen's statements, plain SQL: $1 the brokerage, $2 the member a producer is (null: everyone's), $3 the contact. */
  sql: string[];
}

export const SCREENS: Screen[] = [
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

/** GET through the gateway with the session, as a browser: its status and its (unpacked) body. */
function get(agent: http.Agent, url: string, cookie: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent, headers: { Cookie: cookie, 'Accept-Encoding': 'gzip' } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: response.statusCode ?? 0, body: response.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body });
      });
    });
    request.on('error', reject);
  });
}

export interface Member {
  who: string;
  cookie: string;
  /** The member a producer is (null: the owner, who sees everyone's). */
  member: string | null;
}

/**
 * Each screen for each member: its p50 and p95 through `url`, its floor's p95 and their ratio, one
 * line each (✘ past the targets), and the worst of them.
 */
export async function measureScreens(
  url: string,
  db: pg.Client,
  brokerage: string,
  contactId: number,
  members: readonly Member[],
  rounds: number,
  log: (line: string) => void,
): Promise<{ lines: string[]; worst: { p95: number; ratio: number } }> {
  const lines: string[] = [];
  let worst = { p95: 0, ratio: 0 };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  try {
    for (const { who, cookie, member } of members) {
      for (const screen of SCREENS) {
        let bytes = 0;
        let failed = '';
        // A screen that fails (a 502 when a service gives up) is a result too: said, and the others still measured.
        const { api, sql } = await timed(
          {
            api: async () => {
              const answers = await Promise.all(screen.paths({ contactId }).map((path) => get(agent, `${url}${path}`, cookie)));
              for (const answer of answers)
                if (answer.status < 200 || answer.status > 299) failed = `${answer.status} ${answer.body.toString().slice(0, 80)}`;
              bytes = answers.reduce((sum, answer) => sum + answer.body.length, 0);
            },
            sql: async () => {
              for (const text of screen.sql) {
                // Only the parameters the statement names, renumbered from $1 (Postgres types each one it is sent).
                const used = [...new Set([...text.matchAll(/\$(\d)/g)].map((match) => Number(match[1])))].sort();
                const statement = text.replace(/\$(\d)/g, (_, index: string) => `$${used.indexOf(Number(index)) + 1}`);
                await db.query(
                  statement,
                  used.map((index) => [brokerage, member, contactId][index - 1]),
                );
              }
            },
          },
          rounds,
        );
        const ratio = api.p95 / Math.max(sql.p95, 1);
        worst = { p95: Math.max(worst.p95, api.p95), ratio: Math.max(worst.ratio, ratio) };
        lines.push(
          `${who.padEnd(9)} ${screen.name.padEnd(24)} p50 ${api.p50.toFixed(0).padStart(6)} ms  p95 ${api.p95.toFixed(0).padStart(6)} ms` +
            `  SQL p95 ${sql.p95.toFixed(0).padStart(6)} ms  ratio ${ratio.toFixed(2).padStart(6)}  ${(bytes / 1024).toFixed(0)} KiB` +
            `${api.p95 > 300 || ratio > 3 || failed ? '  ✘' : ''}${failed ? `  answered ${failed}` : ''}`,
        );
        log(lines.at(-1)!);
      }
    }
  } finally {
    agent.destroy();
  }
  return { lines, worst };
}
