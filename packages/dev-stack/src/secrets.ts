import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Secrets {
  SESSION_KEYS: string;
  INTERNAL_TOKEN: string;
  INSURER_PASSWORD_KEY: string;
}

const SECRET_NAMES: (keyof Secrets)[] = ['SESSION_KEYS', 'INTERNAL_TOKEN', 'INSURER_PASSWORD_KEY'];

function generate(): Secrets {
  return {
    SESSION_KEYS: randomBytes(32).toString('base64url'),
    INTERNAL_TOKEN: randomBytes(32).toString('base64url'),
    INSURER_PASSWORD_KEY: randomBytes(32).toString('base64'),
  };
}

/**
 * Secrets of the embedded default: generated once into <dataDir>/secrets.json (mode 0600) so
 * sessions and encrypted insurer passwords survive restarts. Values in the environment win.
 */
export function loadSecrets(dataDir: string, env: NodeJS.ProcessEnv = process.env): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  let stored: Partial<Secrets> = {};
  if (existsSync(file)) {
    // Whoever created it, and however: only the owner reads the secrets.
    chmodSync(file, 0o600);
    stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
  }
  const fresh = generate();
  const merged = { ...fresh, ...stored };
  if (SECRET_NAMES.some((name) => stored[name] === undefined)) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(merged, null, 2), { mode: 0o600 });
  }
  const result = { ...merged };
  for (const name of SECRET_NAMES) {
    if (env[name]) result[name] = env[name] as string;
  }
  return result;
}
