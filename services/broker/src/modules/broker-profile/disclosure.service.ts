import { centsToWire, type Disclosure, type DisclosureForPrint, type DisclosureInput } from '@corretora/contracts';
import type { BrokerScopedTable } from '@corretora/service-kit';
import type { Knex } from 'knex';
import { tables } from '../../tables';
import type { BrokerProfileService } from './broker-profile.service';

const EMPTY: Disclosure = { insurerHoldings: [], insurerOwners: [], exclusive: false, insurers: [], updatedAt: null };

/** The brokerage's CNSP 382 items I–III: none recorded reads as no holdings, no exclusivity, the registered insurers. */
export class DisclosureService {
  private readonly rows: BrokerScopedTable;

  constructor(
    private readonly knex: Knex,
    private readonly profiles: BrokerProfileService,
  ) {
    this.rows = tables.scoped(knex, 'broker_disclosures');
  }

  async get(userId: string): Promise<Disclosure> {
    const row = (await this.rows.of(userId).rows().first('items', 'updatedAt')) as
      { items: Omit<Disclosure, 'updatedAt'>; updatedAt: Date } | undefined;
    return row ? { ...row.items, updatedAt: row.updatedAt.toISOString() } : EMPTY;
  }

  async save(userId: string, input: DisclosureInput): Promise<Disclosure> {
    const percent = (holding: { insurer: string; percent: number | null }) => ({
      insurer: holding.insurer,
      percent: centsToWire(holding.percent ?? 0),
    });
    const items = {
      insurerHoldings: input.insurerHoldings.map(percent),
      insurerOwners: input.insurerOwners.map(percent),
      exclusive: input.exclusive,
      insurers: [...new Set(input.insurers)],
    };
    await this.knex('broker_disclosures')
      .insert({ userId, items: JSON.stringify(items), updatedAt: this.knex.fn.now() })
      .onConflict('userId')
      .merge(['items', 'updatedAt']);
    return this.get(userId);
  }

  async forPrint(userId: string): Promise<DisclosureForPrint> {
    const [controller, susep, disclosure] = await Promise.all([
      this.profiles.controller(userId),
      this.profiles.susep(userId),
      this.get(userId),
    ]);
    return {
      brokerage: {
        name: controller.tradeName ?? controller.name,
        cnpj: controller.cnpj,
        susep,
        address: controller.address,
        email: controller.email,
        phone: controller.phone,
      },
      disclosure,
    };
  }
}
