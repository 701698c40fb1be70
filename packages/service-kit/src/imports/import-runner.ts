import { setTimeout as sleep } from 'node:timers/promises';
import { IMPORT_ABANDONED_HOURS, IMPORT_UNDO_DAYS, SAO_PAULO, type ImportCounts, type ImportKind } from '@corretora/contracts';
import type { Knex } from 'knex';
import { recordActivity } from '../activity';
import { HttpError } from '../errors';
import type { Jobs } from '../jobs';
import type { AppliedRow, ImportKindHandler } from './import-kind';
import { zeroCounts, type ImportRecord, type ImportTables } from './import-records';

/** A running import whose worker has not beaten for this long is taken over (the process died). */
const STALE_SECONDS = 60;

/**
 * The commit of an import, in the background: batches of its rows, one transaction each, the
 * progress and a heartbeat kept on the import; a run whose process died is taken over by the next
 * reader. And the hourly purge of the rows imports no longer need.
 */
export class ImportRunner {
  /** Imports this process is running (a second commit of one of them is a no-op). */
  private readonly running = new Map<number, Promise<void>>();

  constructor(
    private readonly tables: ImportTables,
    private readonly handler: (kind: ImportKind) => ImportKindHandler,
    private readonly options: { jobs?: Jobs; onRunError?: (error: unknown) => void } = {},
  ) {
    // The purge, every hour for the whole service (on the job layer: one replica runs each).
    options.jobs?.work('import_rows_purge', () => this.purge());
    options.jobs?.schedule('import_rows_purge', '17 * * * *', { tz: SAO_PAULO });
  }

  private get knex(): Knex {
    return this.tables.knex;
  }

  /**
   * The preview becomes the import. One request wins the claim (status preview -> running in one
   * conditional UPDATE): parallel commits run it once, and a repeat answers where it is.
   */
  async claim(userId: string, id: number, assignTo?: string): Promise<void> {
    const claimed = await this.tables.imports
      .of(userId)
      .byId(id)
      .andWhere({ status: 'preview' })
      .update({
        status: 'running',
        startedAt: this.knex.fn.now(),
        heartbeatAt: this.knex.fn.now(),
        processed: 0,
        error: null,
        // Whom the records go to, on the row: a commit resumed elsewhere gives them to the same member.
        ...(assignTo ? { assignedTo: assignTo } : {}),
      });
    if (claimed > 0) {
      this.start(userId, id);
      return;
    }
    const current = await this.tables.load(userId, id);
    if (current.status === 'mapping') throw new HttpError(409, 'Defina o mapeamento das colunas antes de confirmar.');
    if (current.status === 'undone') throw new HttpError(409, 'Esta importação foi desfeita.');
    if (current.status === 'failed') throw new HttpError(409, 'Esta importação falhou; desfaça o que ela fez e envie o arquivo de novo.');
  }

  /** Takes over a running import nobody beats for anymore; answers whether it did. */
  takeOverIfStale(current: ImportRecord, userId: string): boolean {
    const stale =
      current.status === 'running' &&
      !this.running.has(current.id) &&
      (!current.heartbeatAt || Date.now() - new Date(current.heartbeatAt).getTime() > STALE_SECONDS * 1000);
    if (stale) this.resume(userId, current.id);
    return stale;
  }

  /** Waits for this process's run of an import (tests, shutdown). */
  async settled(id: number): Promise<void> {
    await this.running.get(id);
  }

  private start(userId: string, id: number): void {
    const { jobs, onRunError } = this.options;
    const work = () => this.run(userId, id);
    // A failed run is on the import (status failed, its message) and in the log; never an unhandled rejection.
    const run = (jobs ? jobs.record('import_commit', work, (applied) => applied) : work())
      .then(
        () => undefined,
        (error: unknown) => onRunError?.(error),
      )
      .finally(() => this.running.delete(id));
    this.running.set(id, run);
  }

  private resume(userId: string, id: number): void {
    void (async () => {
      const taken = await this.tables.imports
        .of(userId)
        .byId(id)
        .andWhere({ status: 'running' })
        .andWhereRaw(`coalesce(heartbeat_at, 'epoch') < now() - interval '${STALE_SECONDS} seconds'`)
        .update({ heartbeatAt: this.knex.fn.now() });
      if (taken > 0 && !this.running.has(id)) this.start(userId, id);
    })().catch(() => undefined);
  }

  /** Applies the import's rows batch by batch; answers how many it applied. */
  private async run(userId: string, id: number): Promise<number> {
    try {
      const { kind, insurerId } = await this.tables.load(userId, id);
      const handler = this.handler(kind);
      const state = await handler.begin(userId, insurerId);
      let applied = 0;
      for (;;) {
        const batch = await this.batch(userId, id, handler, state);
        if (batch === 0) break;
        applied += batch;
      }
      await this.finish(userId, id);
      return applied;
    } catch (error) {
      await this.tables.imports
        .of(userId)
        .byId(id)
        .update({
          status: 'failed',
          finishedAt: this.knex.fn.now(),
          error: 'A importação parou por um erro; o que já foi importado pode ser desfeito.',
        })
        .catch(() => undefined);
      throw error;
    }
  }

  /** One batch in its transaction; answers how many rows it applied (0: nothing left). */
  private async batch(userId: string, id: number, handler: ImportKindHandler, state: unknown): Promise<number> {
    const started = performance.now();
    const applied = await this.knex.transaction(async (trx) => {
      const batch = (await this.tables.rows
        .of(userId, trx)
        .rows()
        .where({ importId: id })
        .whereIn('outcome', ['create', 'update'])
        .whereNull('applied')
        .orderBy('line')
        .limit(handler.batchSize)
        .forUpdate()
        .skipLocked()
        .select('line', 'outcome', 'targetId', 'record')) as AppliedRow[];
      if (batch.length === 0) return 0;
      await handler.apply(trx, userId, id, batch, state);
      await this.tables.imports
        .of(userId, trx)
        .byId(id)
        .update({ processed: trx.raw('processed + ?', [batch.length]), heartbeatAt: trx.fn.now() });
      return batch.length;
    });
    // Paced: as long again as the batch took, so that the broker's own reads (the board, the
    // lists) keep their pace on a small machine while a large import runs.
    if (applied > 0) await sleep(Math.min(1000, Math.max(5, performance.now() - started)));
    return applied;
  }

  private async finish(userId: string, id: number): Promise<void> {
    await this.knex.transaction(async (trx) => {
      const rows = (await this.tables.rows
        .of(userId, trx)
        .rows()
        .where({ importId: id })
        .whereNotNull('applied')
        .groupBy('applied')
        .select('applied', trx.raw('count(*) as n'))) as { applied: string; n: string }[];
      const current = await this.tables.load(userId, id, trx, true);
      const counts = current.counts ?? zeroCounts();
      const done: ImportCounts = { ...zeroCounts(), skip: counts.skip, duplicate: counts.duplicate, error: counts.error };
      for (const row of rows) {
        if (row.applied === 'created') done.create += Number(row.n);
        else if (row.applied === 'updated') done.update += Number(row.n);
        else done.skip += Number(row.n);
      }
      await this.tables.imports
        .of(userId, trx)
        .byId(id)
        .update({ status: 'done', finishedAt: trx.fn.now(), applied: JSON.stringify(done) });
      await recordActivity(trx, userId, {
        type: this.handler(current.kind).activity?.done ?? 'import_done',
        subject: current.fileName,
        detail: `${done.create} criados, ${done.update} atualizados`,
      });
    });
  }

  /**
   * The hourly purge: the rows an import no longer needs go, the import's summary stays. An import
   * that ran can be undone for 30 days and needs them until then; one left in mapping or preview a
   * day is closed (as if discarded). Broker by broker through the scope; each import in a
   * transaction whose conditional update loses to a commit claimed at the same moment. Answers how
   * many imports it purged.
   */
  async purge(now: Date = new Date()): Promise<number> {
    const ranBefore = new Date(now.getTime() - IMPORT_UNDO_DAYS * 86_400_000);
    const openedBefore = new Date(now.getTime() - IMPORT_ABANDONED_HOURS * 3_600_000);
    const due = (query: Knex.QueryBuilder) =>
      query
        .whereNull('rowsPurgedAt')
        .andWhereRaw(
          `((status in ('done', 'failed', 'undone') and finished_at < ?) or (status in ('mapping', 'preview') and created_at < ?))`,
          [ranBefore, openedBefore],
        );
    const brokers = (await due(this.knex('imports')).distinct('userId')) as { userId: string }[];
    let purged = 0;
    for (const { userId } of brokers) {
      const imports = (await due(this.tables.imports.of(userId).rows()).select('id')) as { id: number }[];
      for (const { id } of imports) {
        purged += await this.knex.transaction(async (trx) => {
          const closed = await due(this.tables.imports.of(userId, trx).byId(id)).update({
            rowsPurgedAt: trx.fn.now(),
            status: trx.raw(`case when status in ('mapping', 'preview') then 'undone' else status end`),
            undoneAt: trx.raw(`case when status in ('mapping', 'preview') then now() else undone_at end`),
          });
          if (closed === 0) return 0;
          await this.tables.rows.of(userId, trx).rows().where({ importId: id }).delete();
          return 1;
        });
      }
    }
    return purged;
  }
}
