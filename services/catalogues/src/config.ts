import { readBaseConfig, secretKeyFrom, type BaseConfig } from '@corretora/service-kit';
import { DEFAULT_CEP_PROVIDER } from './modules/cep/cep.service';

export interface CataloguesConfig extends BaseConfig {
  /** 32 bytes for AES-256-GCM, from INSURER_PASSWORD_KEY (base64). */
  insurerPasswordKey: Buffer;
  /** CEP_PROVIDER_URL: the public CEP service, `{cep}` where the 8 digits go (BrasilAPI by default). */
  cepProviderUrl?: string;
}

/** CEP_PROVIDER_URL must be an http(s) URL holding `{cep}`. */
export function parseCepProvider(raw: string | undefined): string {
  if (!raw) return DEFAULT_CEP_PROVIDER;
  const url = new URL(raw.replace('{cep}', '00000000'));
  if (!raw.includes('{cep}') || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    throw new Error('CEP_PROVIDER_URL must be an http(s) URL with {cep} where the CEP goes.');
  return raw;
}

export function parsePasswordKey(raw: string | undefined): Buffer {
  const key = secretKeyFrom(raw);
  if (!key) throw new Error('INSURER_PASSWORD_KEY is not set (32 bytes, base64). `npm start` generates one into .data/.');
  return key;
}

export function readCataloguesConfig(env: NodeJS.ProcessEnv = process.env): CataloguesConfig {
  return {
    ...readBaseConfig('catalogues', env),
    insurerPasswordKey: parsePasswordKey(env.INSURER_PASSWORD_KEY),
    cepProviderUrl: parseCepProvider(env.CEP_PROVIDER_URL),
  };
}
