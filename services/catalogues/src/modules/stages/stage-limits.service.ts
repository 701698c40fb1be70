import { NOT_FOUND, type PipelineStage, type StageIdleLimitsInput } from '@corretora/contracts';
import { type BrokerScopedTable, HttpError } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';
import { ensureDefaults } from '../defaults/default-catalogues';
import type { ReferenceDataService } from '../reference-data/reference-data.service';

/** Configurações > Etapas: how long a card may sit in each stage without activity. */
export class StageLimitsService {
  private readonly stages: BrokerScopedTable;

  constructor(
    private readonly knex: Knex,
    private readonly referenceData: ReferenceDataService,
  ) {
    this.stages = tables.scoped(knex, 'pipeline_stages');
  }

  /** Every stage named must be the broker's; all of them change together, or none. */
  async set(userId: string, input: StageIdleLimitsInput): Promise<PipelineStage[]> {
    await ensureDefaults(this.knex, userId);
    await this.knex.transaction(async (trx) => {
      for (const [index, stage] of input.stages.entries()) {
        const updated = await this.stages.of(userId, trx).byId(stage.id).update({ idleDays: stage.idleDays });
        if (updated === 0) throw new HttpError(400, NOT_FOUND.stage, [{ path: `stages.${index}.id`, message: NOT_FOUND.stage }]);
      }
    });
    return this.referenceData.stagesOf(userId);
  }
}
