import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';

/** v1: no associated data (before 2026-11); v2: bound to the broker and the insurer it belongs to. */
const LEGACY = 'v1:';
const VERSION = 'v2:';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/** The associated data of an insurer's password: a value copied to another row or broker fails to open. */
export function insurerPasswordContext(target: { userId: string; id: number }): string {
  return `insurer-password:${target.userId}:${target.id}`;
}

/** Insurer portal passwords at rest: AES-256-GCM, a fresh random nonce per value, key from the environment. */
export class PasswordBox {
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
    if (!sealed.startsWith(VERSION)) throw new Error('unknown password format');
    return this.decrypt(sealed.slice(VERSION.length), context);
  }

  /** Seals again, bound to its row, every value written before associated data existed. */
  async upgradeLegacy(knex: Knex): Promise<number> {
    const rows = (await knex('insurers').where('passwordSealed', 'like', `${LEGACY}%`).select('id', 'userId', 'passwordSealed')) as {
      id: number;
      userId: string;
      passwordSealed: string;
    }[];
    for (const row of rows) {
      const plaintext = this.decrypt(row.passwordSealed.slice(LEGACY.length), null);
      await knex('insurers')
        .where({ id: row.id, passwordSealed: row.passwordSealed })
        .update({ passwordSealed: this.seal(plaintext, insurerPasswordContext(row)) });
    }
    return rows.length;
  }

  private decrypt(encoded: string, context: string | null): string {
    const raw = Buffer.from(encoded, 'base64');
    if (raw.length < NONCE_BYTES + TAG_BYTES) throw new Error('sealed value too short');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, NONCE_BYTES), { authTagLength: TAG_BYTES });
    if (context !== null) decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(raw.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }
}
