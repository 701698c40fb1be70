import {
  INSURANCE_LINES,
  centsToWire,
  policyTypeOfLine,
  type CatalogueCheckAnswer,
  type CatalogueCheckQuery,
  type PipelineStage,
  type ReferenceData,
} from '@corretora/contracts';
import { type BrokerScopedTable } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';
import { BY_NAME, type ProductRow } from '../catalogue/catalogue-definitions';
import { ensureDefaults } from '../defaults/default-catalogues';

/** The lines as the wire gives them: the IOF rate in percent, as a product's own rate is written ('7.38'). */
const REFERENCE_LINES: ReferenceData['lines'] = INSURANCE_LINES.map((line) => ({
  key: line.key,
  label: line.label,
  group: line.group,
  iofRate: centsToWire(line.iofHundredths),
}));

/** The names other screens and services need, every table read through the broker's scope. */
export class ReferenceDataService {
  private readonly products: BrokerScopedTable;
  private readonly leadSources: BrokerScopedTable;
  private readonly insurers: BrokerScopedTable;
  private readonly stages: BrokerScopedTable;
  private readonly insurerNames: (userId: string) => Promise<ReferenceData['insurers']>;

  constructor(private readonly knex: Knex) {
    this.products = tables.scoped(knex, 'products');
    this.leadSources = tables.scoped(knex, 'lead_sources');
    this.insurers = tables.scoped(knex, 'insurers');
    this.stages = tables.scoped(knex, 'pipeline_stages');
    this.insurerNames = this.insurers.compiledRead((rows) => rows.select('id', 'name').orderByRaw(BY_NAME));
  }

  async stagesOf(userId: string): Promise<PipelineStage[]> {
    const rows = await this.stages.of(userId).rows().orderBy('order');
    return rows.map((row) => ({
      id: row.id,
      key: row.key,
      name: row.name,
      color: row.color,
      order: row.order,
      isActive: row.isActive,
      description: row.description,
      idleDays: row.idleDays ?? null,
    }));
  }

  async forBroker(userId: string): Promise<ReferenceData> {
    await ensureDefaults(this.knex, userId);
    const [products, leadSources, insurers, pipelineStages] = await Promise.all([
      this.products.of(userId).rows().select('id', 'name', 'isActive', 'line', 'iofRate').orderByRaw(BY_NAME),
      this.leadSources.of(userId).rows().select('id', 'name', 'isActive').orderByRaw(BY_NAME),
      this.insurers.of(userId).rows().select('id', 'name').orderByRaw(BY_NAME),
      this.stagesOf(userId),
    ]);
    return {
      products: (products as Pick<ProductRow, 'id' | 'name' | 'isActive' | 'line' | 'iofRate'>[]).map((product) => ({
        ...product,
        policyType: policyTypeOfLine(product.line),
      })),
      leadSources,
      insurers,
      pipelineStages,
      lines: REFERENCE_LINES,
    };
  }

  /**
   * The insurers' ids and names (finance names every insurer it prints through it), in one prepared
   * statement in the usual case. The defaults are looked for only when there are none, as the
   * catalogue list does: an import matches the names a sheet gives against them, for a brokerage that
   * may never have opened a screen that lists them.
   */
  async insurersOf(userId: string): Promise<ReferenceData['insurers']> {
    const insurers = await this.insurerNames(userId);
    return insurers.length === 0 && (await ensureDefaults(this.knex, userId)) ? this.insurerNames(userId) : insurers;
  }

  /**
   * For other services (pipeline, finance): do these ids belong to this broker, and what are their
   * names and the product's policy type? Any id that is not the broker's is listed in `missing`, so
   * the caller can tell the broker which field is wrong.
   */
  async check(userId: string, query: CatalogueCheckQuery): Promise<CatalogueCheckAnswer> {
    await ensureDefaults(this.knex, userId);
    const one = (table: BrokerScopedTable, where: Record<string, unknown>) => table.of(userId).rows().andWhere(where).first();
    const answer: CatalogueCheckAnswer = { missing: [] };
    const [product, leadSource, insurer, stage] = await Promise.all([
      query.productId ? one(this.products, { id: query.productId }) : undefined,
      query.leadSourceId ? one(this.leadSources, { id: query.leadSourceId }) : undefined,
      query.insurerId ? one(this.insurers, { id: query.insurerId }) : undefined,
      query.stageId || query.stageKey ? one(this.stages, query.stageId ? { id: query.stageId } : { key: query.stageKey }) : undefined,
    ]);
    if (query.productId) {
      if (product) answer.product = { id: product.id, name: product.name, line: product.line, policyType: policyTypeOfLine(product.line) };
      else answer.missing.push('productId');
    }
    if (query.leadSourceId) {
      if (leadSource) answer.leadSource = { id: leadSource.id, name: leadSource.name };
      else answer.missing.push('leadSourceId');
    }
    if (query.insurerId) {
      if (insurer) answer.insurer = { id: insurer.id, name: insurer.name };
      else answer.missing.push('insurerId');
    }
    if (query.stageId || query.stageKey) {
      // Both sent: they must name the same stage.
      if (stage && !(query.stageId && query.stageKey && stage.key !== query.stageKey))
        answer.stage = { id: stage.id, key: stage.key, name: stage.name };
      else answer.missing.push(query.stageId ? 'stageId' : 'stageKey');
    }
    return answer;
  }
}
