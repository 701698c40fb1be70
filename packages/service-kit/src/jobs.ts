import type { Knex } from 'knex';
import PgBoss from 'pg-boss';
import type pino from 'pino';
import { onConnection, withAdvisoryLock } from './database';
import type { JobMetrics } from './metrics';

/**
 * The one layer every background job of a service runs on (pg-boss, in the service's own schema
 * `<service>_jobs`, on the service's pool): schedules in a time zone, one-off jobs with retries and
 * backoff, workers. Each run is timed and counted on /metrics (JobMetrics, by the job's name); a run
 * that throws is logged, retried with backoff while it has retries left, and then kept as failed with
 * its error (`failures`, /internal/jobs). Whatever the number of replicas, a schedule fires once per
 * time (pg-boss sends it once) and a job runs on one replica at a time.
 *
 * Register with `work` and `schedule` while the service is built; the layer starts with the service's
 * listeners (`start`) and stops when the service closes, waiting for the runs under way.
 */
export interface SendOptions {
  /**
   * At most one job of this name and key waits, and one runs, at a time (queues are pg-boss'
   * 'stately'): a send while one waits is dropped (null). Without a key, the name is the key.
   */
  singletonKey?: string;
  /** Tries after the first when the job throws (the queue's default otherwise). */
  retryLimit?: number;
  /** Each retry waits twice the one before (with jitter), from retryDelay seconds. */
  retryBackoff?: boolean;
  /** Seconds before the first retry. */
  retryDelay?: number;
  startAfter?: Date;
}

/** Which run of its job this is: `last` when a failure now is not retried (the worker may say so to the broker). */
export interface JobAttempt {
  retry: number;
  last: boolean;
}

/** What a job's run handled, counted on /metrics as job_items_total (mails sent, rows purged). */
export type JobHandler<T> = (data: T, attempt: JobAttempt) => Promise<number | void>;

export interface WorkOptions extends Pick<SendOptions, 'retryLimit' | 'retryBackoff' | 'retryDelay'> {
  /** Seconds between looks for new jobs while idle (pg-boss' minimum: 0.5). */
  pollingIntervalSeconds?: number;
  /** Jobs taken at once by a replica, run side by side (BATCH_SIZE unless said). */
  batchSize?: number;
}

export interface JobFailure {
  id: string;
  name: string;
  error: string;
  retries: number;
  failedAt: string;
}

/** A schedule's time zone: the business runs on São Paulo's clock. */
export interface ScheduleOptions {
  tz: string;
}

const DEFAULT_RETRIES = { retryLimit: 3, retryBackoff: true, retryDelay: 30 } as const;
/** A run that neither finishes nor fails in this long (its replica died) is tried again. */
const EXPIRE_IN_SECONDS = 15 * 60;
const STOP_TIMEOUT_MS = 8_000;
/** Jobs a replica takes in one fetch and runs side by side (a day's digest sends, say). */
const BATCH_SIZE = 10;

/** The pg-boss schema of a service's jobs (prepared by the administrator like the service's own). */
export function jobsSchemaOf(schema: string): string {
  return `${schema}_jobs`;
}

/** pg-boss' statements, run on a knex pool or transaction (one connection each, as pg-boss expects). */
function knexDb(knex: Knex | Knex.Transaction): PgBoss.Db {
  return {
    executeSql: (text, values) => onConnection(knex, (connection) => connection.query(text, values ?? [])),
  };
}

const NAME = /^[a-z][a-z0-9_]{0,60}$/;

export class Jobs {
  private boss: PgBoss | null = null;
  /** Workers and schedules in place: sends go through. */
  private ready = false;
  private readonly workers = new Map<string, { handler: JobHandler<never>; options: WorkOptions }>();
  private readonly schedules = new Map<string, { cron: string; options: ScheduleOptions }>();
  private readonly afterStart: (() => Promise<unknown>)[] = [];
  private starting: Promise<void> | null = null;
  private readonly loops: { stop: () => void; done: Promise<void> }[] = [];

  constructor(
    private readonly knex: Knex,
    readonly schema: string,
    private readonly metrics: JobMetrics,
    private readonly log: pino.Logger,
  ) {}

  /** The worker of `name`: each job's run is timed and counted; what it returns is its items. */
  work<T>(name: string, handler: JobHandler<T>, options: WorkOptions = {}): void {
    if (!NAME.test(name)) throw new Error(`not a job name: ${name}`);
    if (this.workers.has(name)) throw new Error(`job ${name} has a worker already`);
    if (this.starting) throw new Error(`job ${name}: register workers before the service starts`);
    this.workers.set(name, { handler: handler as JobHandler<never>, options });
  }

  /** Sends `name` (which has a worker) at each time of `cron` in `tz`: once per time, whatever the replicas. */
  schedule(name: string, cron: string, options: ScheduleOptions): void {
    if (this.starting) throw new Error(`job ${name}: schedule before the service starts`);
    this.schedules.set(name, { cron, options });
  }

  /** A job once the layer runs (a start-up backfill, a catch-up): sent right after start, or now if started. */
  sendOnStart(name: string, data: object = {}, options: SendOptions = {}): void {
    if (this.ready) void this.send(name, data, options).catch((error: unknown) => this.log.warn({ err: error, job: name }, 'job not sent'));
    else this.afterStart.push(() => this.send(name, data, options));
  }

  /**
   * A job of `name` (with a worker in this service). Inside a transaction (`trx`) the job exists only
   * if the transaction commits: what a run plans and what it sends cannot come apart.
   */
  async send(name: string, data: object = {}, options: SendOptions = {}, trx?: Knex.Transaction): Promise<string | null> {
    const boss = this.started();
    return boss.send(name, data, { ...options, ...(trx ? { db: knexDb(trx) } : {}) });
  }

  /**
   * Work that runs outside the layer (an import's commit, in its own process-bound runner) counted on
   * /metrics like a job's run.
   */
  record<T>(name: string, work: () => Promise<T>, items?: (result: T) => number): Promise<T> {
    return this.metrics.record(name, work, items);
  }

  /** The latest failures of the service's jobs (out of retries), each with its error. */
  async failures(limit = 50): Promise<JobFailure[]> {
    const { rows } = await this.knex.raw<{ rows: { id: string; name: string; output: unknown; retries: number; failedAt: Date }[] }>(
      `select id::text, name, output, retry_count as retries, completed_on as "failedAt" from ??.job
        where state = 'failed' order by completed_on desc limit ?`,
      [this.schema, limit],
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      error: errorText(row.output),
      retries: row.retries,
      failedAt: new Date(row.failedAt).toISOString(),
    }));
  }

  /** Starts pg-boss on the service's pool, its queues, workers and schedules (idempotent). */
  start(): Promise<void> {
    this.starting ??= this.boot();
    return this.starting;
  }

  private async boot(): Promise<void> {
    const boss = new PgBoss({
      db: knexDb(this.knex),
      schema: this.schema,
      // Maintenance (expiry, archive) once every few minutes is plenty for our volumes.
      maintenanceIntervalSeconds: 120,
      archiveCompletedAfterSeconds: 7 * 24 * 3600,
      deleteAfterDays: 30,
      cronMonitorIntervalSeconds: 30,
    });
    boss.on('error', (error) => this.log.warn({ err: error }, 'job layer error'));
    this.boss = boss;
    // Replicas starting together take turns: pg-boss' install and a queue's partition are DDL.
    await withAdvisoryLock(this.knex, `${this.schema}:start`, async () => {
      await boss.start();
      for (const [name, { options }] of this.workers) {
        const queue = { name, ...DEFAULT_RETRIES, expireInSeconds: EXPIRE_IN_SECONDS, ...pick(options), policy: 'stately' as const };
        await boss.createQueue(name, queue);
        await boss.updateQueue(name, queue);
      }
      // A schedule dropped from the code stops; the others are (re)written with their time and zone.
      for (const { name } of await boss.getSchedules()) if (!this.schedules.has(name)) await boss.unschedule(name);
      for (const [name, { cron, options }] of this.schedules) {
        if (!this.workers.has(name)) throw new Error(`job ${name} is scheduled but has no worker`);
        await boss.schedule(name, cron, {}, { tz: options.tz });
      }
    });
    for (const [name, { handler, options }] of this.workers) {
      this.metrics.declare(name);
      this.loops.push(this.poll(boss, name, handler, options));
    }
    this.ready = true;
    for (const send of this.afterStart.splice(0)) await send();
  }

  /**
   * A worker of `name`: takes up to a batch of its jobs, runs them side by side, and looks again at
   * once when the batch was full, else after the polling interval. Our loop rather than pg-boss'
   * work(): pg-boss 10 completes a job without awaiting it, so a connection lost at that moment
   * would be an unhandled rejection, which ends a Node process.
   */
  private poll(boss: PgBoss, name: string, handler: JobHandler<never>, options: WorkOptions): { stop: () => void; done: Promise<void> } {
    const batchSize = options.batchSize ?? BATCH_SIZE;
    const intervalMs = (options.pollingIntervalSeconds ?? 2) * 1000;
    let stopped = false;
    let pause: { timer: NodeJS.Timeout; resume: () => void } | null = null;
    const done = (async () => {
      while (!stopped) {
        const jobs = await boss.fetch<unknown>(name, { batchSize, includeMetadata: true }).catch((error: unknown) => {
          this.log.warn({ err: error, job: name }, 'job fetch failed');
          return [];
        });
        await Promise.all(jobs.map((job) => this.run(boss, name, handler, job)));
        if (jobs.length === batchSize || stopped) continue;
        await new Promise<void>((resume) => {
          const timer = setTimeout(resume, intervalMs);
          timer.unref();
          pause = { timer, resume };
        });
        pause = null;
      }
    })();
    return {
      done,
      stop: () => {
        stopped = true;
        const waiting: { timer: NodeJS.Timeout; resume: () => void } | null = pause;
        if (waiting) {
          clearTimeout(waiting.timer);
          waiting.resume();
        }
      },
    };
  }

  /**
   * One job's run, timed and counted, then completed; one that throws is failed (retried while it
   * has retries, its error kept). A completion or failure the database does not take (it went away)
   * is logged: the job expires and runs again.
   */
  private async run(boss: PgBoss, name: string, handler: JobHandler<never>, job: PgBoss.JobWithMetadata<unknown>): Promise<void> {
    const settle = (outcome: Promise<void>) =>
      outcome.catch((error: unknown) => this.log.warn({ err: error, job: name, id: job.id }, 'job state not saved'));
    try {
      await this.metrics.record(
        name,
        () => handler(job.data as never, { retry: job.retryCount, last: job.retryCount >= job.retryLimit }),
        (items) => items ?? 0,
      );
    } catch (error) {
      this.log.warn({ err: error, job: name, id: job.id }, 'job failed');
      await settle(boss.fail(name, job.id, { message: error instanceof Error ? error.message : String(error) }));
      return;
    }
    await settle(boss.complete(name, job.id));
  }

  /** Stops taking jobs and waits (a while) for the runs under way. */
  async stop(): Promise<void> {
    const starting = this.starting;
    if (!starting) return;
    await starting.catch(() => undefined);
    const boss = this.boss;
    if (!boss) return;
    this.boss = null;
    this.ready = false;
    const loops = this.loops.splice(0);
    for (const loop of loops) loop.stop();
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, STOP_TIMEOUT_MS).unref());
    await Promise.race([Promise.all(loops.map((loop) => loop.done)), timeout]);
    await boss.stop({ graceful: false, close: false }).catch((error: unknown) => {
      this.log.warn({ err: error }, 'job layer did not stop cleanly');
    });
  }

  private started(): PgBoss {
    if (!this.boss || !this.ready) throw new Error('the job layer has not started (the service is not listening)');
    return this.boss;
  }
}

function pick(options: WorkOptions): Pick<SendOptions, 'retryLimit' | 'retryBackoff' | 'retryDelay'> {
  const { retryLimit, retryBackoff, retryDelay } = options;
  return Object.fromEntries(Object.entries({ retryLimit, retryBackoff, retryDelay }).filter(([, value]) => value !== undefined));
}

/** pg-boss keeps a thrown error serialised in the job's output. */
function errorText(output: unknown): string {
  if (output && typeof output === 'object' && 'message' in output) return String((output as { message: unknown }).message);
  return output === null || output === undefined ? '' : JSON.stringify(output);
}
