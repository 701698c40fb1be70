import { NOT_FOUND, seededChargebackSteps, type ChargebackRule, type ChargebackRuleInput, type ChargebackStep } from '@corretora/contracts';
import { type BrokerScopedTable, HttpError } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';

interface Row {
  id: number;
  name: string;
  chargebackSteps: ChargebackStep[] | null;
}

/** Each insurer's chargeback scale: the broker's, or the one it started with (by its name). */
export class ChargebackRuleService {
  private readonly insurers: BrokerScopedTable;

  constructor(knex: Knex) {
    this.insurers = tables.scoped(knex, 'insurers');
  }

  async get(userId: string, insurerId: number): Promise<ChargebackRule> {
    const row = (await this.insurers.of(userId).byId(insurerId).first('id', 'name', 'chargebackSteps')) as Row | undefined;
    if (!row) throw new HttpError(404, NOT_FOUND.insurer);
    return {
      insurerId: row.id,
      steps: row.chargebackSteps ?? [...seededChargebackSteps(row.name)],
      custom: row.chargebackSteps !== null,
    };
  }

  async set(userId: string, insurerId: number, input: ChargebackRuleInput): Promise<ChargebackRule> {
    // Percentages kept to the hundredth as written: 33.33 stays 33.33.
    const steps = input.steps.map((step) => ({ untilMonth: step.untilMonth, percent: Math.round(step.percent * 100) / 100 }));
    const updated = await this.insurers
      .of(userId)
      .byId(insurerId)
      .update({ chargebackSteps: JSON.stringify(steps) });
    if (updated === 0) throw new HttpError(404, NOT_FOUND.insurer);
    return this.get(userId, insurerId);
  }
}
