import type { CommissionRule, CommissionRules, CommissionRulesInput, LineKey } from '@corretora/contracts';
import { type BrokerScopedTable } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';

interface RuleRow {
  insurerId: number | null;
  line: LineKey | null;
  business: CommissionRule['business'];
  percent: string;
}

function isDefault(rule: { insurerId: number | null; line: string | null; business: string }): boolean {
  return rule.insurerId === null && rule.line === null && rule.business === 'any';
}

/**
 * A member's commission rules: percents of the net commission by insurer × line × business,
 * the default being the rule with none of them. Replacing them is one transaction (every row of the
 * member goes and the new ones come, each in the audit log). A rule applies to commission received
 * from then on: the lines already written keep the percent they were written with.
 */
export class CommissionRulesService {
  private readonly rules: BrokerScopedTable;

  constructor(private readonly knex: Knex) {
    this.rules = tables.scoped(knex, 'commission_rules');
  }

  async get(userId: string, memberId: string, trx: Knex | Knex.Transaction = this.knex): Promise<CommissionRules> {
    const rows = (await this.rules
      .of(userId, trx)
      .rows()
      .where({ memberId })
      .orderByRaw('insurer_id nulls first, line nulls first, business, id')
      .select('insurerId', 'line', 'business', 'percent')) as RuleRow[];
    const fallback = rows.find(isDefault);
    return {
      memberId,
      default: fallback ? Number(fallback.percent) : null,
      rules: rows
        .filter((row) => !isDefault(row))
        .map((row) => ({ insurerId: row.insurerId, line: row.line, business: row.business, percent: Number(row.percent) })),
    };
  }

  async replace(userId: string, memberId: string, input: CommissionRulesInput): Promise<CommissionRules> {
    return this.knex.transaction(async (trx) => {
      await this.rules.of(userId, trx).rows().where({ memberId }).delete();
      const rows = [
        ...(input.default === null ? [] : [{ insurerId: null, line: null, business: 'any' as const, percent: input.default }]),
        ...input.rules,
      ];
      await this.rules.of(userId, trx).insertMany(
        rows.map((rule) => ({
          memberId,
          insurerId: rule.insurerId,
          line: rule.line,
          business: rule.business,
          percent: rule.percent.toFixed(2),
        })),
      );
      return this.get(userId, memberId, trx);
    });
  }
}
