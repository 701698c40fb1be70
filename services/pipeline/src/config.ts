import { internalUrlEnv } from '@corretora/registry';
import { readBaseConfig, secretKeyFrom, type BaseConfig } from '@corretora/service-kit';
import { DEFAULT_WHATSAPP_API_URL } from './modules/whatsapp/cloud-api';

/** WHATSAPP_API_URL must be an http(s) URL (no trailing slash needed). */
function parseWhatsappApiUrl(raw: string | undefined): string {
  if (!raw) return DEFAULT_WHATSAPP_API_URL;
  const url = new URL(raw);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error('WHATSAPP_API_URL must be an http(s) URL.');
  return raw.replace(/\/+$/, '');
}

export interface PipelineConfig extends BaseConfig {
  /** The catalogues service's /internal listener: every product, lead source, insurer and stage id is checked there. */
  cataloguesUrl: string;
  /** The finance service's /internal listener, which issues policies; null where it is not deployed. */
  financeUrl: string | null;
  /**
   * The identity service's /internal listener: it mails the daily digest to each member and says who
   * may be given a client (an active member of the brokerage); null: neither.
   */
  identityUrl?: string | null;
  /** The broker service's /internal listener: the brokerage a privacy page names as the controller; null: its name alone. */
  brokerUrl?: string | null;
  /** false: this instance runs no digest jobs (a test's replicas run them, each on a clock of its own). */
  scheduleDigest?: boolean;
  /** Seconds before a failed digest send is first tried again (doubling after): 5 minutes unless a test says. */
  digestRetryDelaySeconds?: number;
  /**
   * INSURER_PASSWORD_KEY, the key of the brokerage's credentials at rest (the kit's SecretBox): here the
   * WhatsApp Cloud API's token and app secret. Without it the Cloud API cannot be connected (wa.me links work).
   */
  credentialKey?: Buffer;
  /** WHATSAPP_API_URL: Meta's Graph API (the default), or a local stub of it. */
  whatsappApiUrl?: string;
  /** The service's clock (tasks, the digest); a test runs a day of its own with a replica of its own. */
  clock?: () => Date;
}

export function readPipelineConfig(env: NodeJS.ProcessEnv = process.env): PipelineConfig {
  const key = internalUrlEnv('catalogues');
  const cataloguesUrl = env[key];
  if (!cataloguesUrl)
    throw new Error(`${key} is not set: the pipeline checks every catalogue id with the catalogues service. \`npm start\` sets it.`);
  return {
    ...readBaseConfig('pipeline', env),
    cataloguesUrl,
    financeUrl: env[internalUrlEnv('finance')] || null,
    identityUrl: env[internalUrlEnv('identity')] || null,
    brokerUrl: env[internalUrlEnv('broker')] || null,
    credentialKey: secretKeyFrom(env.INSURER_PASSWORD_KEY),
    whatsappApiUrl: parseWhatsappApiUrl(env.WHATSAPP_API_URL),
  };
}
