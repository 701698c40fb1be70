import { API_ROUTES, UNSAFE_REQUEST_URI, isSafeRequestTarget, matchApiRoute, sizeInBytes } from '@corretora/gateway-kit';

describe('route table', () => {
  test.each([
    ['/api/auth/login', 'identity'],
    ['/api/auth', 'identity'],
    ['/api/broker-profile', 'broker'],
    ['/api/broker-profile/photo', 'broker'],
    ['/api/dashboard/stats', 'broker'],
    ['/api/products/12', 'catalogues'],
    ['/api/reference-data', 'catalogues'],
    ['/api/authx', null],
    ['/api/broker-profilefoo', null],
    ['/api/productsx/1', null],
    ['/internal/catalogues/x', null],
    ['/dashboard', null],
  ])('%s -> %s', (pathname, service) => {
    expect(matchApiRoute(pathname)?.service ?? null).toBe(service);
  });

  test('the longest prefix wins and carries its body limit', () => {
    expect(matchApiRoute('/api/broker-profile/photo')?.maxBody).toBe('3m');
    expect(matchApiRoute('/api/broker-profile')?.maxBody).toBeUndefined();
    expect(sizeInBytes('3m')).toBe(3 * 1024 * 1024);
    expect(sizeInBytes('128k')).toBe(128 * 1024);
  });

  const unsafe = [
    '//127.0.0.1:9999/api/auth/x.html',
    'http://127.0.0.1:9999/api/auth/x.html',
    'https://example.invalid/api/auth/user',
    '*',
    '/internal/catalogues/a%2F..%2F..%2F..%2Fapi%2Finsurers%2Fx/check',
    '/api/products/..%2F..%2Finternal',
    '/api/products/%2e%2e/x',
    '/api/insurers/../../internal/catalogues/x/check',
    '/api/products/./1',
    '/api/products/..',
    '/api/products\\..\\x',
    '/api/products/%5c',
    '/api/products/a%00b',
  ];
  const safe = [
    '/',
    '/api/products/12',
    '/api/auth/login',
    '/settings?tab=insurers',
    '/api/contacts?q=a%2Fb',
    '/main.0123abcd.js',
    '/api/x?next=//evil',
  ];

  test.each(unsafe)('%s is refused by both gateways', (target) => {
    expect(isSafeRequestTarget(target)).toBe(false);
    if (target.startsWith('/')) expect(new RegExp(UNSAFE_REQUEST_URI).test(target)).toBe(true);
  });

  test.each(safe)('%s is forwarded', (target) => {
    expect(isSafeRequestTarget(target)).toBe(true);
    expect(new RegExp(UNSAFE_REQUEST_URI).test(target)).toBe(false);
  });

  test('prefixes are unique and never a prefix of another one', () => {
    const prefixes = API_ROUTES.map((route) => route.prefix);
    expect(new Set(prefixes).size).toBe(prefixes.length);
  });
});
