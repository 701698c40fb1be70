import { STAGE_KEYS } from '@corretora/contracts';
import { card } from './cards';
import {
  cardIdle,
  cardPremium,
  dropOutcome,
  groupByStage,
  idleCounts,
  matches,
  nextActionLabel,
  premiumSum,
  summary,
} from '../src/features/board/utils/board-model';

describe('what a drop does, for every source and target column', () => {
  const pairs = STAGE_KEYS.flatMap((source) => [...STAGE_KEYS, null].map((target) => [source, target] as const));
  test.each(pairs)('from %s onto %s', (source, target) => {
    const outcome = dropOutcome(card(1, source), target);
    if (target === null || target === source) expect(outcome).toEqual({ kind: 'none' });
    else if (target === 'closed') expect(outcome).toEqual({ kind: 'finalize' });
    else expect(outcome).toEqual({ kind: 'move', stage: target });
  });

  test.each(STAGE_KEYS)('an issued card does not move onto %s', (target) => {
    expect(dropOutcome(card(1, 'closed', { status: 'issued' }), target)).toEqual({ kind: 'none' });
  });
});

test('columns keep their array when their cards did not change (only touched columns re-render)', () => {
  const cards = [card(1, 'leads'), card(2, 'qualified'), card(3, 'proposal')];
  const before = groupByStage(cards);
  const moved = [{ ...cards[0]!, stage: 'qualified' as const }, cards[1]!, cards[2]!];
  const after = groupByStage(moved, before);
  expect(after.proposal).toBe(before.proposal);
  expect(after.closed).toBe(before.closed);
  expect(after.leads).not.toBe(before.leads);
  expect(after.qualified.map((c) => c.id)).toEqual([1, 2]);
});

test('summary: total, value of active cards in cents, conversion with 1 decimal, closed', () => {
  const cards = [
    card(1, 'closed', {}, { annualPremium: 150_050 }),
    card(2, 'leads', {}, { annualPremium: 99 }),
    card(3, 'qualified'),
    card(4, 'closed', { status: 'issued' }, { annualPremium: 1_000 }),
  ];
  expect(summary(cards)).toEqual({ total: 4, valueCents: 150_149, conversion: '50,0%', closed: 2 });
  expect(summary([card(1, 'closed'), card(2, 'leads'), card(3, 'leads')]).conversion).toBe('33,3%');
  expect(summary([]).conversion).toBe('0,0%');
});

test('search ignores case and accents, on name and e-mail; the stage filter narrows', () => {
  const one = card(1, 'leads', {}, { name: 'José Araújo', email: 'ZE@exemplo.com' });
  expect(matches(one, 'jose araujo', 'all')).toBe(true);
  expect(matches(one, 'ze@EXEMPLO', 'all')).toBe(true);
  expect(matches(one, 'maria', 'all')).toBe(false);
  expect(matches(one, '', 'qualified')).toBe(false);
});

test.each([
  // last activity, the stage's limit, level, whole days
  ['2026-11-28T12:00:00Z', 3, 'ok', 0],
  ['2026-11-26T12:00:00Z', 3, 'ok', 2],
  ['2026-11-25T12:00:00Z', 3, 'limit', 3],
  ['2026-11-25T14:00:00Z', 3, 'ok', 2],
  ['2026-11-24T12:00:00Z', 3, 'over', 4],
  ['2026-01-01T00:00:00Z', null, 'ok', 331],
] as const)('last activity %s against a %s-day limit is %s (%s days)', (lastActivityAt, limit, level, days) => {
  const now = Date.parse('2026-11-28T13:00:00Z');
  expect(cardIdle(card(1, 'leads', { lastActivityAt }), limit, now)).toEqual({ days, level });
});

test('an issued card is never cold; a column counts its cold cards', () => {
  const now = Date.parse('2026-11-28T13:00:00Z');
  expect(cardIdle(card(1, 'closed', { status: 'issued', lastActivityAt: '2026-01-01T00:00:00Z' }), 3, now).level).toBe('ok');
  const cards = [
    card(1, 'leads', { lastActivityAt: '2026-11-28T10:00:00Z' }),
    card(2, 'leads', { lastActivityAt: '2026-11-25T12:00:00Z' }),
    card(3, 'leads', { lastActivityAt: '2026-11-01T12:00:00Z' }),
    card(4, 'leads', { lastActivityAt: '2026-11-02T12:00:00Z' }),
  ];
  expect(idleCounts(cards, 3, now)).toEqual({ ok: 1, limit: 1, over: 2 });
});

test("a card's next action reads 'Ligar em 27/11' in São Paulo's day, late once that day has passed, or 'sem próxima ação'", () => {
  const label = (type: string) => (type === 'ligar' ? 'Ligar' : type);
  const now = Date.parse('2026-11-28T13:00:00Z');
  const at = (dueAt: string) => card(1, 'leads', { nextAction: { dueAt, type: 'ligar', note: null } });
  expect(nextActionLabel(card(1, 'leads'), label, now)).toEqual({ text: 'sem próxima ação', late: false });
  // 02:00 UTC on the 28th is still the 27th in São Paulo: yesterday there.
  expect(nextActionLabel(at('2026-11-28T02:00:00Z'), label, now)).toEqual({ text: 'Ligar em 27/11 (atrasada)', late: true });
  expect(nextActionLabel(at('2026-11-28T12:00:00Z'), label, now)).toEqual({ text: 'Ligar em 28/11', late: false });
});

describe('what a card is worth (#34 item 6)', () => {
  test('the estimate until the sale, then the sale’s total premium; columns add them up', () => {
    const estimated = card(1, 'leads', {}, { annualPremium: 150_000 });
    const unknown = card(2, 'leads');
    const sold = card(3, 'closed', { totalPremium: '1073.80', status: 'issued' }, { annualPremium: 90_000 });
    expect([estimated, unknown, sold].map(cardPremium)).toEqual([150_000, null, 107_380]);
    expect(premiumSum([estimated, unknown, sold])).toBe(257_380);
  });
});
