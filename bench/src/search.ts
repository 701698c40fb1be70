/**
 * `npm run bench:search` (#35 item 2): the top bar's search on a book of 50,000 contacts, 100,000
 * policies, 5,000 claims and 10,000 open cards (written straight into the services' tables), beside
 * another brokerage's 5,000 look-alike contacts.
 * - Measured: GET /api/search?q= through nginx with a session, one request at a time, for a mix of
 *   what brokers type (a name without accents, a CPF with and without its mask, a phone, an e-mail,
 *   a policy number with and without separators, a claim number, a miss).
 * - Floor, in the same run: the same lookups in plain SQL on the same database (the contacts, cards,
 *   policies and claims statements on four connections at once, as the endpoint runs them).
 * Target: p95 ≤ 100 ms. A benchmark, never a test: it prints what it measured and the target.
 */
import pg from 'pg';
import { numberKey, searchKey } from '@corretora/contracts';
import { runBench } from './bench-stack';
import { onboardedBroker } from './broker';

const CONTACTS = Number(process.env.BENCH_SEARCH_CONTACTS ?? 50_000);
const POLICIES = Number(process.env.BENCH_SEARCH_POLICIES ?? 100_000);
const ROUNDS = Number(process.env.BENCH_SEARCH_ROUNDS ?? 30);

const FIRST = ['João', 'Maria', 'José', 'Ana', 'Antônio', 'Francisca', 'Conceição', 'Luís', 'Márcia', 'Sebastião'];
const LAST = ['Silva', 'Souza', 'Araújo', 'Gonçalves', 'Simões', 'Brandão', 'Magalhães', 'Assunção', 'Pereira', 'Lima'];

/** n contacts of a broker, with accented names, a CPF, a mobile and an e-mail each. */
async function seedContacts(db: pg.Client, userId: string, count: number): Promise<void> {
  await db.query(
    `insert into pipeline.contacts (user_id, name, email, phone, cpf, type, kind)
     select $1, ($2::text[])[1 + n % 10] || ' ' || ($3::text[])[1 + (n / 10) % 10] || ' ' || ($3::text[])[1 + (n / 100) % 10] || ' ' || n,
            'cliente' || n || '@exemplo.com.br', '119' || lpad(n::text, 8, '0'), (10000000000 + n::bigint * 104729)::text, 'individual', 'pf'
       from generate_series(1, $4::int) as n`,
    [userId, FIRST, LAST, count],
  );
}

async function seed(db: pg.Client, userId: string, stageId: number): Promise<void> {
  await seedContacts(db, userId, CONTACTS);
  await db.query(
    `insert into pipeline.pipeline_cards (user_id, contact_id, stage_id, stage_key)
     select $1, c.id, $2, 'leads' from pipeline.contacts c where c.user_id = $1 order by c.id limit 10000`,
    [userId, stageId],
  );
  await db.query(
    `insert into finance.policies (user_id, contact_id, contact_name, type, line, policy_number, proposal_number, premium, net_premium,
                                   status, start_date, renewal_date, commission_type, commission_value)
     select $1, c.id, c.name, 'auto', 'auto', 'AP-2026/' || lpad(n::text, 6, '0'), 'PR' || n, 1073.80, 1000.00, 'active',
            current_date - 100, current_date + 265, 'percentage', 10
       from generate_series(1, $2::int) as n
       join (select id, name, row_number() over (order by id) as r from pipeline.contacts where user_id = $1) c on c.r = 1 + n % $3::int`,
    [userId, POLICIES, CONTACTS],
  );
  await db.query(
    `insert into finance.claims (user_id, contact_id, contact_name, policy_id, claim_id, type, amount, insurer_claim_number)
     select p.user_id, p.contact_id, p.contact_name, p.id, 'SIN-2026-' || row_number() over (order by p.id), 'colisao', 900, 'SX' || p.id
       from finance.policies p where p.user_id = $1 order by p.id limit 5000`,
    [userId],
  );
  await db.query('analyze pipeline.contacts; analyze pipeline.pipeline_cards; analyze finance.policies; analyze finance.claims');
}

/** What a broker types, a contact or a number known to be in the book among them. */
function queries(): string[] {
  const n = 31_337;
  const cpf = String(10_000_000_000 + n * 104_729);
  return [
    'conceicao',
    'joao sil',
    'Magalhães Assunção',
    `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`,
    cpf,
    `(11) 9${String(n).padStart(8, '0').slice(0, 4)}-${String(n).padStart(8, '0').slice(4)}`,
    `cliente${n}@`,
    'AP-2026/054321',
    'ap2026054',
    'SIN-2026-1234',
    'xyzxyz',
  ];
}

/** The same lookups in plain SQL, on four connections at once: the floor of one search. */
async function floorSearch(clients: pg.Client[], userId: string, q: string): Promise<void> {
  const words = searchKey(q).split(/\s+/).filter(Boolean);
  const unmasked = searchKey(q.replace(/[\s.\-/()+]/g, ''));
  const patterns = [...words, ...(/\d/.test(unmasked) ? [unmasked] : [])].map((part) => `%${part}%`);
  const wordsMatch = words.map((_, index) => `c.search_text like $${index + 2}`).join(' and ');
  const digitsMatch = patterns.length > words.length ? ` or c.search_text like $${patterns.length + 1}` : '';
  const contactWhere = `c.user_id = $1 and ((${wordsMatch})${digitsMatch})`;
  const key = `%${numberKey(q)}%`;
  await Promise.all([
    clients[0]!.query(`select c.id, c.name from pipeline.contacts c where ${contactWhere} order by c.search_text collate "C" limit 20`, [
      userId,
      ...patterns,
    ]),
    clients[1]!.query(
      `select k.id from pipeline.pipeline_cards k join pipeline.contacts c on c.id = k.contact_id
        where k.user_id = $1 and k.status = 'active' and ${contactWhere} order by k.id desc limit 20`,
      [userId, ...patterns],
    ),
    clients[2]!.query(
      'select p.id from finance.policies p where p.user_id = $1 and p.number_keys like $2 order by p.created_at desc limit 20',
      [userId, key],
    ),
    clients[3]!.query(
      'select c.id from finance.claims c where c.user_id = $1 and c.number_keys like $2 order by c.date_filed desc limit 20',
      [userId, key],
    ),
  ]);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

runBench('search', async (running, log) => {
  const url = running.nginx.url;
  const db = new pg.Client({ connectionString: running.stack.databaseUrl });
  db.on('error', () => undefined);
  await db.connect();
  const broker = await onboardedBroker(url, 'search');
  const other = await onboardedBroker(url, 'search-other');
  const seeded = performance.now();
  const reference = (await (await fetch(`${url}/api/reference-data`, { headers: { Cookie: broker.cookie } })).json()) as {
    pipelineStages: { id: number; key: string }[];
  };
  await seed(db, broker.userId, reference.pipelineStages.find((stage) => stage.key === 'leads')!.id);
  await seedContacts(db, other.userId, 5_000);
  log(`seeded ${CONTACTS} contacts and ${POLICIES} policies in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
  const floorClients = await Promise.all(
    Array.from({ length: 4 }, async () => {
      const client = new pg.Client({ connectionString: running.stack.databaseUrl });
      client.on('error', () => undefined);
      await client.connect();
      return client;
    }),
  );

  const ask = async (q: string) => {
    const response = await fetch(`${url}/api/search?q=${encodeURIComponent(q)}`, { headers: { Cookie: broker.cookie } });
    if (!response.ok) throw new Error(`search ${q}: ${response.status} ${await response.text()}`);
    return (await response.json()) as Record<string, unknown[]>;
  };
  const rows: Record<string, string>[] = [];
  const endpoint: number[] = [];
  const floor: number[] = [];
  for (const q of queries()) {
    const found = await ask(q);
    await floorSearch(floorClients, broker.userId, q);
    const mine: number[] = [];
    const bare: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      let started = performance.now();
      await ask(q);
      mine.push(performance.now() - started);
      started = performance.now();
      await floorSearch(floorClients, broker.userId, q);
      bare.push(performance.now() - started);
    }
    endpoint.push(...mine);
    floor.push(...bare);
    mine.sort((a, b) => a - b);
    bare.sort((a, b) => a - b);
    rows.push({
      q,
      found: ['clients', 'policies', 'claims', 'cards'].map((group) => `${found[group]?.length ?? 0}`).join('/'),
      'p95 ms': percentile(mine, 95).toFixed(1),
      'floor p95 ms': percentile(bare, 95).toFixed(1),
    });
  }
  for (const client of floorClients) await client.end();
  await db.end();
  endpoint.sort((a, b) => a - b);
  floor.sort((a, b) => a - b);
  console.log(`\nGET /api/search through nginx, ${CONTACTS} contacts and ${POLICIES} policies (found: clients/policies/claims/cards)`);
  console.table(rows);
  console.table([
    {
      what: `all ${endpoint.length} searches`,
      'p50 ms': percentile(endpoint, 50).toFixed(1),
      'p95 ms': percentile(endpoint, 95).toFixed(1),
      'floor p95 ms': `${percentile(floor, 95).toFixed(1)} (same lookups, plain SQL)`,
      ratio: (percentile(endpoint, 95) / percentile(floor, 95)).toFixed(2),
      target: 'p95 ≤ 100 ms',
    },
  ]);
});
