import { EXAMPLE_BROKERAGE } from '@corretora/contracts/examples';

/** The password of every broker a benchmark creates. */
export const BENCH_PASSWORD = 'senha-do-benchmark-123';

/** POSTs JSON (with the session, when given); anything but a 2xx stops the benchmark with the answer. */
export async function postJson(url: string, body: unknown, cookie?: string): Promise<Response> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
  return response;
}

/** A new broker with a complete brokerage, signed in through `url` (the gateway or nginx). */
export async function onboardedBroker(url: string, label: string): Promise<{ cookie: string; email: string; userId: string }> {
  const email = `${label}-${Date.now()}@bench.test`;
  const registered = await postJson(`${url}/api/auth/register`, { name: 'Bia Bench', email, password: BENCH_PASSWORD });
  const cookie = registered.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  await postJson(`${url}/api/broker-profile`, { ...EXAMPLE_BROKERAGE, isOnboardingComplete: true }, cookie);
  const user = (await registered.json()) as { id: string };
  return { cookie, email, userId: user.id };
}

function cpfCheck(digits: number[]): number {
  const sum = digits.reduce((total, digit, index) => total + digit * (digits.length + 1 - index), 0);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/** A valid CPF for n (9 digits from n, then its two check digits). */
export function cpfOf(n: number): string {
  const base = String(100_000_000 + n)
    .slice(-9)
    .split('')
    .map(Number);
  const first = cpfCheck(base);
  const second = cpfCheck([...base, first]);
  return [...base, first, second].join('');
}
