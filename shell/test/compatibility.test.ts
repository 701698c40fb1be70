import { satisfiesCaret, unmetRequirements } from '../src/lib/compatibility';

test.each([
  ['1.1.0', '^1.1.0', true],
  ['1.1.0', '^1.0.0', true],
  ['1.2.5', '^1.1.0', true],
  ['1.1.0', '^1.2.0', false],
  ['1.1.0', '^2.0.0', false],
  ['2.0.0', '^1.1.0', false],
  ['1.1.0', '^1.1.1', false],
  ['19.3.1', '^19.2.0', true],
  ['0.3.2', '^0.3.0', true],
  ['0.4.0', '^0.3.0', false],
  ['1.1.0', '~1.1.0', null],
  ['1.1.0', '*', null],
] as const)('%s against %s: %s', (version, range, expected) => {
  expect(satisfiesCaret(version, range)).toBe(expected);
});

test('what the shell cannot give is named with what it has', () => {
  const provided = { react: '19.3.1', '@corretora/web-kit': '1.1.0' };
  expect(unmetRequirements({ react: '^19.2.0', '@corretora/web-kit': '^1.0.0' }, provided)).toEqual([]);
  expect(unmetRequirements({ react: '^19.2.0', '@corretora/web-kit': '^2.0.0', 'left-pad': '^1.0.0' }, provided)).toEqual([
    '@corretora/web-kit ^2.0.0 (o shell tem 1.1.0)',
    'left-pad ^1.0.0 (o shell não oferece)',
  ]);
});
