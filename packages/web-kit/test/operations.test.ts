import { FINANCE_OPERATIONS, PIPELINE_OPERATIONS } from '@corretora/contracts';
import { operationKey, operationUrl } from '../src/api/operations';

describe('operations on the client', () => {
  test.each([
    [PIPELINE_OPERATIONS.board, {}, '/api/pipeline'],
    [FINANCE_OPERATIONS.claim, { params: { id: 12 } }, '/api/claims/12'],
    [PIPELINE_OPERATIONS.contacts, { query: { q: 'Ana & Bia', type: undefined, page: '2' } }, '/api/contacts?q=Ana+%26+Bia&page=2'],
    [FINANCE_OPERATIONS.policies, { query: { type: 'all', status: 'all', renewal: '' } }, '/api/policies?type=all&status=all'],
  ] as const)('%s.id: the URL from the operation', (op, input, url) => {
    expect(operationUrl(op, input)).toBe(url);
  });

  test('a missing path parameter is a programming error, not a request to a wrong URL', () => {
    expect(() => operationUrl(FINANCE_OPERATIONS.claim, {})).toThrow("Missing path parameter 'id'");
  });

  test('keys: the operation id first (the prefix that invalidates them all), then what was asked', () => {
    expect(operationKey(PIPELINE_OPERATIONS.board)).toEqual(['pipeline.board']);
    expect(operationKey(FINANCE_OPERATIONS.claims, { query: { status: 'open' } })).toEqual(['claims.list', { status: 'open' }]);
    expect(operationKey(FINANCE_OPERATIONS.claim, { params: { id: 3 } })).toEqual(['claims.get', { id: 3 }]);
  });
});
