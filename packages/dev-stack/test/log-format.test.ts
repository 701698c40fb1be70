import { formatLogLine } from '../src/log-format';

const at = new Date(2026, 10, 23, 3, 20, 50).getTime();

describe('formatLogLine', () => {
  it('shows a request as method, path, status and time taken', () => {
    const line = JSON.stringify({
      level: 30,
      time: at,
      name: 'identity',
      method: 'GET',
      path: '/api/auth/user',
      status: 401,
      ms: 2,
      msg: 'request',
    });
    expect(formatLogLine(line)).toBe('03:20:50 GET /api/auth/user 401 2ms');
  });

  it('names levels other than info and shows the stack of an error', () => {
    const line = JSON.stringify({ level: 50, time: at, msg: 'request failed', err: { message: 'boom', stack: 'Error: boom\n    at x' } });
    expect(formatLogLine(line)).toBe('03:20:50 ERROR request failed\nError: boom\n    at x');
    expect(formatLogLine(JSON.stringify({ level: 40, time: at, msg: 'slow' }))).toBe('03:20:50 WARN slow');
  });

  it('passes anything else through', () => {
    expect(formatLogLine('plain text')).toBe('plain text');
    expect(formatLogLine('{not json')).toBe('{not json');
    expect(formatLogLine('{"no":"level"}')).toBe('{"no":"level"}');
  });
});
