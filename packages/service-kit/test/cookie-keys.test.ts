import Keygrip from 'keygrip';
import { CookieKeys } from '../src/session';

const KEYS = ['a-session-key-that-is-long-enough-1', 'an-older-session-key-still-accepted-2'];

describe('CookieKeys', () => {
  test('signs exactly as Keygrip did, so cookies issued before still verify', () => {
    const keygrip = new Keygrip(KEYS);
    for (const data of ['corretora.sid=abc', 'corretora.sid=' + 'x'.repeat(43), '__Host-corretora.sid=ç/+=']) {
      expect(new CookieKeys(KEYS).sign(data)).toBe(keygrip.sign(data));
      expect(new CookieKeys(KEYS).index(data, keygrip.sign(data))).toBe(0);
    }
  });

  test('a cookie signed with an older key verifies (rotation); a new one is signed with the first', () => {
    const older = new Keygrip([KEYS[1]!]).sign('corretora.sid=abc');
    const keys = new CookieKeys(KEYS);
    expect(keys.index('corretora.sid=abc', older)).toBe(1);
    expect(keys.verify('corretora.sid=abc', older)).toBe(true);
    expect(keys.sign('corretora.sid=abc')).not.toBe(older);
  });

  test('a tampered value, a tampered or truncated signature and an unknown key fail', () => {
    const keys = new CookieKeys(KEYS);
    const signature = keys.sign('corretora.sid=abc');
    expect(keys.index('corretora.sid=abd', signature)).toBe(-1);
    expect(keys.index('corretora.sid=abc', signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A'))).toBe(-1);
    expect(keys.index('corretora.sid=abc', signature.slice(0, 10))).toBe(-1);
    expect(keys.index('corretora.sid=abc', '')).toBe(-1);
    expect(keys.verify('corretora.sid=abc', new Keygrip(['some-other-key-of-enough-length-3']).sign('corretora.sid=abc'))).toBe(false);
  });

  test('no keys is a configuration error', () => {
    expect(() => new CookieKeys([])).toThrow();
  });
});
