import type { PipelineStage, ReferenceData } from '@corretora/contracts';
import { BrokerScopedTable, HttpError } from '@corretora/service-kit';
import type { Knex } from 'knex';
import { BY_NAME } from '../catalogue/catalogue-definitions';
import { ensureDefaults } from '../defaults/default-catalogues';

export interface CheckQuery {
  productId?: number;
  leadSourceId?: number;
  insurerId?: number;
  stageId?: number;
  stageKey?: string;
}

export interface CheckAnswer {
  product?: { id: number; name: string; policyType: string };
  leadSource?: { id: number; name: string };
  insurer?: { id: number; name: string };
  stage?: { id: number; key: string; name: string };
}

const NOT_FOUND = 'Não encontrado.';

/** The names other screens and services need, every table read through the broker's scope. */
export class ReferenceDataService {
  private readonly products: BrokerScopedTable;
  private readonly leadSources: BrokerScopedTable;
  private readonly insurers: BrokerScopedTable;
  private readonly stages: BrokerScopedTable;

  constructor(private readonly knex: Knex) {
    this.products = new BrokerScopedTable(knex, 'products');
    this.leadSources = new BrokerScopedTable(knex, 'lead_sources');
    this.insurers = new BrokerScopedTable(knex, 'insurers');
    this.stages = new BrokerScopedTable(knex, 'pipeline_stages');
  }

  private async stagesOf(userId: string): Promise<PipelineStage[]> {
    const rows = await this.stages.of(userId).rows().orderBy('order');
    return rows.map((row) => ({
      id: row.id, key: row.key, name: row.name, color: row.color, order: row.order, isActive: row.isActive, description: row.description,
    }));
  }

  async forBroker(userId: string): Promise<ReferenceData> {
    await ensureDefaults(this.knex, userId);
    const [products, leadSources, insurers, pipelineStages] = await Promise.all([
      this.products.of(userId).rows().select('id', 'name', 'isActive').orderByRaw(BY_NAME),
      this.leadSources.of(userId).rows().select('id', 'name', 'isActive').orderByRaw(BY_NAME),
      this.insurers.of(userId).rows().select('id', 'name').orderByRaw(BY_NAME),
      this.stagesOf(userId),
    ]);
    return { products, leadSources, insurers, pipelineStages };
  }

  /**
   * For other services (pipeline, finance): do these ids belong to this broker, and what are their
   * names and the product's policy type? Any id that is not the broker's is a 404.
   */
  async check(userId: string, query: CheckQuery): Promise<CheckAnswer> {
    await ensureDefaults(this.knex, userId);
    const one = async (table: BrokerScopedTable, where: Record<string, unknown>) => {
      const row = await table.of(userId).rows().andWhere(where).first();
      if (!row) throw new HttpError(404, NOT_FOUND);
      return row;
    };
    const answer: CheckAnswer = {};
    if (query.productId) {
      const row = await one(this.products, { id: query.productId });
      answer.product = { id: row.id, name: row.name, policyType: row.policyType ?? 'business' };
    }
    if (query.leadSourceId) answer.leadSource = await one(this.leadSources, { id: query.leadSourceId }).then((row) => ({ id: row.id, name: row.name }));
    if (query.insurerId) answer.insurer = await one(this.insurers, { id: query.insurerId }).then((row) => ({ id: row.id, name: row.name }));
    if (query.stageId || query.stageKey) {
      const row = await one(this.stages, query.stageId ? { id: query.stageId } : { key: query.stageKey });
      if (query.stageId && query.stageKey && row.key !== query.stageKey) throw new HttpError(404, NOT_FOUND);
      answer.stage = { id: row.id, key: row.key, name: row.name };
    }
    return answer;
  }
}
