import { CLAIM_STATUSES, NEXT_ACTION_TYPES, choiceOf } from '../src';

describe('choiceOf: what a control hands over, narrowed to its choices', () => {
  test('a value among plain choices or among options is itself; anything else is undefined', () => {
    expect(choiceOf('approved', CLAIM_STATUSES)).toBe('approved');
    expect(choiceOf('ligar', NEXT_ACTION_TYPES)).toBe('ligar');
    for (const other of ['Approved', '', null, undefined, 3, { value: 'open' }, 'ligar ']) {
      expect(choiceOf(other, CLAIM_STATUSES)).toBeUndefined();
      expect(choiceOf(other, NEXT_ACTION_TYPES)).toBeUndefined();
    }
  });
});
