import {
  AUTH_OPERATIONS,
  DIGEST_HOUR,
  FINANCE_OPERATIONS,
  taskLabel,
  formatDate,
  saoPauloDay,
  type DigestSend,
  type DigestSettingsInput,
  type Task,
  type TaskOwner,
  SAO_PAULO,
} from '@corretora/contracts';
import { type BrokerScopedTable, forMemberOwnRecords, type InternalClient, type Jobs } from '@corretora/service-kit';
import { tables } from '../../tables';
import type { Knex } from 'knex';
import type { TasksService } from './tasks.service';

/** A send that fails is tried again by the job layer: RETRY_DELAY_SECONDS later, doubling (with jitter), RETRIES more times. */
const RETRY_DELAY_SECONDS = 5 * 60;
const RETRIES = 5;
/** A send claimed this long ago whose replica never said how it went (it died) may be claimed again. */
const LEASE_MS = 5 * 60 * 1000;

/** A send job's data: the planned send (digest_sends) and its brokerage. */
interface SendJob {
  id: number;
  userId: string;
}

interface SendRow {
  id: number;
  userId: string;
  /** The member it is for (their own address: identity knows each member by their id). */
  memberId: string;
  subject: string;
  text: string;
  attempts: number;
}

const HOUR = new Intl.DateTimeFormat('en-GB', { timeZone: SAO_PAULO, hour: '2-digit', hourCycle: 'h23' });
const hourInSaoPaulo = (now: Date) => Number(HOUR.format(now));

/** The digest's text: what is overdue, then what is due today, and where to work on it. */
export function digestMail(
  day: string,
  tasks: readonly Task[],
  appUrl: string,
): { subject: string; text: string; overdue: number; today: number } {
  const overdue = tasks.filter((task) => task.window === 'overdue');
  const today = tasks.filter((task) => task.window === 'today');
  const line = (task: Task) =>
    `- ${formatDate(saoPauloDay(task.dueAt))} · ${taskLabel(task)} · ${task.title} — ${task.detail}${task.note ? ` (${task.note})` : ''}`;
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  const sections = [
    overdue.length > 0 ? [`Atrasadas (${overdue.length}):`, ...overdue.map(line)].join('\n') : null,
    today.length > 0 ? [`Para hoje (${today.length}):`, ...today.map(line)].join('\n') : null,
  ].filter((section): section is string => section !== null);
  return {
    subject: `Suas tarefas de ${formatDate(day)}: ${plural(overdue.length, 'atrasada', 'atrasadas')}, ${plural(today.length, 'para hoje', 'para hoje')}`,
    text: [`Bom dia! Este é o seu resumo de ${formatDate(day)}.`, ...sections, `Abra Minhas tarefas: ${appUrl}/tasks`].join('\n\n'),
    overdue: overdue.length,
    today: today.length,
  };
}

/**
 * The daily digest: at DIGEST_HOUR in São Paulo, each member of a brokerage with their own tasks
 * overdue or due today (Minhas tarefas' list) gets one e-mail (through identity, which alone knows
 * the address). On the job layer: one schedule plans the day (its digest_days row, inserted in the
 * plan's transaction, is the lock) and sends one job per member in that same transaction, so a plan
 * and its sends exist together or not at all; each send is unique per member and day, claimed by one
 * replica at a time and recorded with every attempt; a failure is retried by the layer with backoff
 * and shown in Minhas tarefas. A replica started after the hour plans the day if nobody has. The
 * clock is injected: tests run the 07:00 of any day.
 */
export class DigestService {
  private readonly sends: BrokerScopedTable;
  private retryDelayMs = RETRY_DELAY_SECONDS * 1000;

  constructor(
    private readonly knex: Knex,
    private readonly tasks: TasksService,
    private readonly finance: InternalClient | null,
    private readonly identity: InternalClient,
    private readonly appUrl: string,
    private readonly clock: () => Date,
  ) {
    this.sends = tables.scoped(knex, 'digest_sends');
  }

  /** The schedule, its catch-up at start and the send jobs, on the service's job layer. */
  register(jobs: Jobs, retryDelaySeconds = RETRY_DELAY_SECONDS): void {
    this.retryDelayMs = retryDelaySeconds * 1000;
    jobs.work('daily_digest', () => this.planToday(jobs));
    jobs.schedule('daily_digest', `0 ${DIGEST_HOUR} * * *`, { tz: SAO_PAULO });
    jobs.sendOnStart('daily_digest');
    jobs.work<SendJob>('digest_send', (job) => this.send(job), { retryLimit: RETRIES, retryBackoff: true, retryDelay: retryDelaySeconds });
  }

  /** Plans today's digests once it is DIGEST_HOUR in São Paulo and nobody has: the number of sends planned. */
  private async planToday(jobs: Jobs): Promise<number> {
    const now = this.clock();
    if (hourInSaoPaulo(now) < DIGEST_HOUR) return 0;
    const day = saoPauloDay(now);
    const enqueue = (send: SendJob, trx?: Knex.Transaction) => jobs.send('digest_send', send, { singletonKey: `digest:${send.id}` }, trx);
    const planned = await this.plan(day, enqueue);
    if (planned === 0) {
      // Planned already: a send never tried whose job is gone (a restored backup) is sent again; one
      // whose job still waits is not doubled (same key), and a send claims its row once anyway.
      const { rows } = await this.knex.raw<{ rows: SendJob[] }>(
        `select id, user_id as "userId" from digest_sends where day = ? and status = 'pending'`,
        [day],
      );
      for (const send of rows) await enqueue(send);
    }
    return planned;
  }

  private async plan(day: string, enqueue: (send: SendJob, trx: Knex.Transaction) => Promise<unknown>): Promise<number> {
    if (await this.knex('digest_days').where({ day }).first('day')) return 0;
    // Every member (of every brokerage) with a card's next action or a written task due by the day.
    const { rows } = await this.knex.raw<{ rows: TaskOwner[] }>(
      `select user_id as "userId", responsible_id as "memberId" from pipeline_cards
        where status = 'active' and next_action_at is not null and (next_action_at at time zone '${SAO_PAULO}')::date <= ?::date
       union
       select user_id, responsible_id from tasks
        where done_at is null and (due_at at time zone '${SAO_PAULO}')::date <= ?::date`,
      [day, day],
    );
    const financeOwners = this.finance
      ? await this.finance.call(FINANCE_OPERATIONS.renewalTaskOwners, { params: {}, query: { until: day } })
      : [];
    // A member who turned the digest off (Minhas tarefas) is left out.
    const off = new Set(
      ((await this.knex('digest_preferences').where({ enabled: false }).select('responsibleId')) as { responsibleId: string }[]).map(
        (row) => row.responsibleId,
      ),
    );
    const owners = new Map<string, TaskOwner>();
    for (const owner of [...rows, ...financeOwners]) if (!off.has(owner.memberId)) owners.set(owner.memberId, owner);
    // Computed before the plan's transaction (finance answers over HTTP); a replica planning at the
    // same time computes them too, and its insert of the day then finds this one's and writes nothing.
    // Each member's digest is their own work only (Minhas tarefas), whatever their role.
    const mails: (TaskOwner & ReturnType<typeof digestMail>)[] = [];
    for (const owner of owners.values()) {
      const due = (await forMemberOwnRecords(owner.memberId, () => this.tasks.dueBy(owner.userId, day))).filter(
        (task) => task.window !== 'upcoming',
      );
      if (due.length > 0) mails.push({ ...owner, ...digestMail(day, due, this.appUrl) });
    }
    return this.knex.transaction(async (trx) => {
      const claimed = await trx('digest_days').insert({ day }).onConflict('day').ignore().returning('day');
      if (claimed.length === 0) return 0;
      let planned = 0;
      for (const mail of mails) {
        const inserted = (await forMemberOwnRecords(mail.memberId, () =>
          this.sends
            .of(mail.userId, trx)
            .insert({ day, subject: mail.subject, text: mail.text, overdue: mail.overdue, today: mail.today })
            .onConflict(['user_id', 'responsible_id', 'day'])
            .ignore()
            .returning('id'),
        )) as { id: number }[];
        for (const { id } of inserted) await enqueue({ id, userId: mail.userId }, trx);
        planned += inserted.length;
      }
      return planned;
    });
  }

  /**
   * One member's send: claimed (pending, failed, or left 'sending' by a replica that died), mailed,
   * recorded. A failure is recorded with the time of its retry and rethrown, for the layer to retry.
   * Answers 1 when a mail went, 0 when there was nothing to send (sent already, or claimed elsewhere).
   */
  private async send(job: SendJob): Promise<number> {
    const now = this.clock();
    const rows = (await this.sends
      .of(job.userId)
      .byId(job.id)
      .andWhere((claimable) => {
        claimable.whereIn('status', ['pending', 'failed']).orWhere((stale) => {
          stale.where({ status: 'sending' }).andWhere('claimedAt', '<', new Date(now.getTime() - LEASE_MS));
        });
      })
      .update({ status: 'sending', claimedAt: now, attempts: this.knex.raw('attempts + 1') })
      .returning(['id', 'userId', 'responsibleId', 'subject', 'text', 'attempts'])) as (Omit<SendRow, 'memberId'> & {
      responsibleId: string;
    })[];
    const claimed = rows[0];
    if (!claimed) return 0;
    const row: SendRow = { ...claimed, memberId: claimed.responsibleId };
    const sends = this.sends.of(row.userId);
    try {
      await this.identity.call(AUTH_OPERATIONS.mailUser, {
        params: { userId: row.memberId },
        body: { subject: row.subject, text: row.text },
      });
    } catch (error) {
      // The layer's backoff, at the earliest (pg-boss adds up to as much again as jitter): the delay, then doubling.
      const retry = row.attempts <= RETRIES ? new Date(now.getTime() + this.retryDelayMs * 2 ** (row.attempts - 1)) : null;
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      await sends.byId(row.id).update({ status: 'failed', lastError, nextAttemptAt: retry });
      throw error;
    }
    await sends.byId(row.id).update({ status: 'sent', sentAt: now, lastError: null, nextAttemptAt: null });
    return 1;
  }
}

/**
 * What a member sees and chooses of their daily digest: the sends of the last two weeks, on or off.
 * Called on the member's own records (onlyOwnRecords): an owner's choice is not their producers'.
 */
export class DigestPreferences {
  private readonly sends: BrokerScopedTable;
  private readonly preferences: BrokerScopedTable;

  constructor(private readonly knex: Knex) {
    this.sends = tables.scoped(knex, 'digest_sends');
    this.preferences = tables.scoped(knex, 'digest_preferences');
  }

  /** GET /api/tasks/digests: the member's last two weeks of digests (whether or not this replica sends them). */
  async history(userId: string): Promise<DigestSend[]> {
    const rows = (await this.sends
      .of(userId)
      .rows()
      .orderBy('day', 'desc')
      .limit(14)
      .select(
        this.knex.raw('day::text as day'),
        'status',
        'attempts',
        'overdue',
        'today',
        'sentAt',
        'lastError',
        'nextAttemptAt',
      )) as (Omit<DigestSend, 'sentAt' | 'nextAttemptAt'> & { sentAt: Date | null; nextAttemptAt: Date | null })[];
    return rows.map((row) => ({
      ...row,
      sentAt: row.sentAt ? new Date(row.sentAt).toISOString() : null,
      nextAttemptAt: row.nextAttemptAt ? new Date(row.nextAttemptAt).toISOString() : null,
    }));
  }

  /** GET /api/tasks/digest-settings: on unless the member turned it off. */
  async settings(userId: string): Promise<{ enabled: boolean }> {
    const row = (await this.preferences.of(userId).rows().first('enabled')) as { enabled: boolean } | undefined;
    return { enabled: row?.enabled ?? true };
  }

  /** PUT /api/tasks/digest-settings: the member's choice, kept (a repeat is the same state). */
  async setSettings(userId: string, input: DigestSettingsInput): Promise<{ enabled: boolean }> {
    await this.knex.transaction((trx) =>
      this.preferences
        .of(userId, trx)
        .insert({ enabled: input.enabled })
        .onConflict(['user_id', 'responsible_id'])
        .merge({ enabled: input.enabled, updatedAt: trx.fn.now() }),
    );
    return this.settings(userId);
  }
}
