import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v2:';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/**
 * A brokerage's credentials at rest (an insurer portal's password, the WhatsApp Cloud API's token and
 * app secret): AES-256-GCM, a fresh random nonce per value, the key from the environment
 * (INSURER_PASSWORD_KEY), each value bound to where it belongs by its associated data (`context`), so
 * one copied to another row or brokerage fails to open.
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('AES-256-GCM needs a 32-byte key');
  }

  seal(plaintext: string, context: string): string {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return VERSION + Buffer.concat([nonce, cipher.getAuthTag(), ciphertext]).toString('base64');
  }

  open(sealed: string, context: string): string {
    if (!sealed.startsWith(VERSION)) throw new Error('unknown sealed value format');
    return this.decrypt(sealed.slice(VERSION.length), context);
  }

  /** The base64 body of a sealed value; `context` null for one sealed before associated data existed. */
  protected decrypt(encoded: string, context: string | null): string {
    const raw = Buffer.from(encoded, 'base64');
    if (raw.length < NONCE_BYTES + TAG_BYTES) throw new Error('sealed value too short');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, NONCE_BYTES), { authTagLength: TAG_BYTES });
    if (context !== null) decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(raw.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }
}

/** INSURER_PASSWORD_KEY (32 bytes, base64) as the box's key; undefined when it is not set. */
export function secretKeyFrom(raw: string | undefined): Buffer | undefined {
  if (!raw) return undefined;
  const key = Buffer.from(raw, 'base64');
  if (key.length !== 32) throw new Error('INSURER_PASSWORD_KEY must be 32 bytes encoded in base64.');
  return key;
}
