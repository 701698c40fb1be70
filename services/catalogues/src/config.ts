import { readBaseConfig, type BaseConfig } from '@corretora/service-kit';

export interface CataloguesConfig extends BaseConfig {
  /** 32 bytes for AES-256-GCM, from INSURER_PASSWORD_KEY (base64). */
  insurerPasswordKey: Buffer;
}

export function parsePasswordKey(raw: string | undefined): Buffer {
  if (!raw) throw new Error('INSURER_PASSWORD_KEY is not set (32 bytes, base64). `npm start` generates one into .data/.');
  const key = Buffer.from(raw, 'base64');
  if (key.length !== 32) throw new Error('INSURER_PASSWORD_KEY must be 32 bytes encoded in base64.');
  return key;
}

export function readCataloguesConfig(env: NodeJS.ProcessEnv = process.env): CataloguesConfig {
  return { ...readBaseConfig('catalogues', env), insurerPasswordKey: parsePasswordKey(env.INSURER_PASSWORD_KEY) };
}
