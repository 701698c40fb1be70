import { API_ROUTES, matchApiRoute, remotesManifest } from '../src/routes';

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
    expect(matchApiRoute(pathname)).toBe(service);
  });

  test('prefixes are unique and never a prefix of another one', () => {
    const prefixes = API_ROUTES.map((route) => route.prefix);
    expect(new Set(prefixes).size).toBe(prefixes.length);
  });

  test('the remotes manifest points at each remote entry', () => {
    expect(remotesManifest()).toEqual({
      'mfe-broker': '/remotes/mfe-broker/remoteEntry.js',
      'mfe-catalogues': '/remotes/mfe-catalogues/remoteEntry.js',
    });
  });
});
