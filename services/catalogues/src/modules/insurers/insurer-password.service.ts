import { type BrokerScopedTable, HttpError } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';
import { ITEM_NOT_FOUND, type InsurerRow } from '../catalogue/catalogue-definitions';
import { insurerPasswordContext, type PasswordBox } from '../sealing/password-box';

/** The only way to read a portal password: an explicit request for one insurer of the broker. */
export class InsurerPasswordService {
  private readonly insurers: BrokerScopedTable;

  constructor(
    knex: Knex,
    private readonly box: PasswordBox,
  ) {
    this.insurers = tables.scoped(knex, 'insurers');
  }

  async reveal(userId: string, id: number): Promise<string | null> {
    const row = (await this.insurers.of(userId).byId(id).first('passwordSealed')) as Pick<InsurerRow, 'passwordSealed'> | undefined;
    if (!row) throw new HttpError(404, ITEM_NOT_FOUND);
    return row.passwordSealed ? this.box.open(row.passwordSealed, insurerPasswordContext({ userId, id })) : null;
  }
}
