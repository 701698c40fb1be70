export interface BaseConfig {
  /** The service name: also its Postgres schema and its log name. */
  name: string;
  port: number;
  databaseUrl: string;
  sessionKeys: string[];
  internalToken: string;
  logLevel: string;
}

function required(env: NodeJS.ProcessEnv, key: string): string {
  const value = env[key];
  if (!value) throw new Error(`${key} is not set. Start the stack with \`npm start\` or set ${key} (see README.md).`);
  return value;
}

/** Every service reads the same variables; configuration comes only from the environment. */
export function readBaseConfig(name: string, defaultPort: number, env: NodeJS.ProcessEnv = process.env): BaseConfig {
  const port = Number(env.PORT ?? defaultPort);
  if (!Number.isInteger(port) || port <= 0) throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const sessionKeys = required(env, 'SESSION_KEYS').split(',').map((key) => key.trim()).filter(Boolean);
  if (sessionKeys.some((key) => key.length < 32)) throw new Error('Each SESSION_KEYS entry must have at least 32 characters.');
  return {
    name,
    port,
    databaseUrl: required(env, 'DATABASE_URL'),
    sessionKeys,
    internalToken: required(env, 'INTERNAL_TOKEN'),
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
