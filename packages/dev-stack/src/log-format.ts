const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };

interface PinoLine {
  level?: number;
  time?: number;
  msg?: string;
  method?: string;
  path?: string;
  status?: number;
  ms?: number;
  requestId?: string;
  err?: { message?: string; stack?: string };
}

/**
 * One pino JSON line of a service as a person reads it on the `npm start` console:
 * `03:20:50 GET /api/auth/user 401 2ms`, `03:20:15 WARN …`, errors with their stack.
 * Anything that is not pino JSON passes through unchanged. Log files keep the JSON.
 */
export function formatLogLine(line: string): string {
  if (!line.startsWith('{')) return line;
  let entry: PinoLine;
  try {
    entry = JSON.parse(line) as PinoLine;
  } catch {
    return line;
  }
  if (typeof entry.level !== 'number') return line;
  const time = typeof entry.time === 'number' ? new Date(entry.time).toTimeString().slice(0, 8) : '';
  const level = entry.level === 30 ? '' : `${LEVELS[entry.level] ?? entry.level} `;
  const text =
    entry.method && entry.path && entry.status !== undefined
      ? `${entry.method} ${entry.path} ${entry.status}${entry.ms !== undefined ? ` ${entry.ms}ms` : ''}`
      : (entry.msg ?? '');
  const error = entry.err ? `\n${entry.err.stack ?? entry.err.message ?? ''}` : '';
  return `${time} ${level}${text}${error}`.trim();
}
