import { SecretBox } from '@corretora/service-kit';
import type { Knex } from 'knex';

/** v1: no associated data (before 2026-11); v2 (the kit's SecretBox): bound to the broker and the insurer it belongs to. */
const LEGACY = 'v1:';

/** The associated data of an insurer's password: a value copied to another row or broker fails to open. */
export function insurerPasswordContext(target: { userId: string; id: number }): string {
  return `insurer-password:${target.userId}:${target.id}`;
}

/** Insurer portal passwords at rest: the kit's SecretBox, and the upgrade of values sealed before it bound them to their row. */
export class PasswordBox extends SecretBox {
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
}
