import {
  DEFAULT_GRACE_DAYS,
  DEFAULT_TOLERANCE_CENTS,
  centsToWire,
  type ReceivableSettings,
  type ReceivableSettingsInput,
} from '@corretora/contracts';
import { type BrokerScopedTable } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';
import { cents } from './receivables-math';

/** The reconciliation settings an instalment's status depends on. */
export interface Reconciliation {
  graceDays: number;
  toleranceCents: number;
}

/** The broker's reconciliation settings: the tolerance and the grace days (defaults until they set theirs). */
export class ReceivableSettingsService {
  readonly table: BrokerScopedTable;

  constructor(private readonly knex: Knex) {
    this.table = tables.scoped(knex, 'finance_settings');
  }

  async get(userId: string, trx: Knex | Knex.Transaction = this.knex): Promise<Reconciliation> {
    const row = (await this.table.of(userId, trx).rows().first(trx.raw('tolerance::text as tolerance'), 'graceDays')) as
      { tolerance: string; graceDays: number } | undefined;
    return row
      ? { toleranceCents: cents(row.tolerance)!, graceDays: row.graceDays }
      : { toleranceCents: DEFAULT_TOLERANCE_CENTS, graceDays: DEFAULT_GRACE_DAYS };
  }

  async answer(userId: string): Promise<ReceivableSettings> {
    const settings = await this.get(userId);
    return { tolerance: centsToWire(settings.toleranceCents), graceDays: settings.graceDays };
  }

  async set(userId: string, input: ReceivableSettingsInput): Promise<ReceivableSettings> {
    await this.knex.raw(
      `insert into finance_settings (user_id, tolerance, grace_days) values (?, ?, ?)
       on conflict (user_id) do update set tolerance = excluded.tolerance, grace_days = excluded.grace_days`,
      [userId, centsToWire(input.tolerance), input.graceDays],
    );
    return this.answer(userId);
  }
}
