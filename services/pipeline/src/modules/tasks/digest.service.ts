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
} from '@corretora/contracts';
import { BrokerScopedTable, forMemberOwnRecords, schedulePasses, type InternalClient, type JobMetrics } from '@corretora/service-kit';
import type { Knex } from 'knex';
import type { TasksService } from './tasks.service';

/** A send that fails is tried again this much later, doubling, up to MAX_ATTEMPTS tries in all. */
const RETRY_AFTER_MS = 5 * 60 * 1000;
const MAX_ATTEMPTS = 6;
/** A send claimed this long ago whose replica never said how it went (it died) is tried again. */
const LEASE_MS = 5 * 60 * 1000;
const EVERY_MS = 60 * 1000;
const BATCH = 20;

interface SendRow {
  id: number;
  userId: string;
  /** The member it is for (their own address: identity knows each member by their id). */
  memberId: string;
  subject: string;
  text: string;
  attempts: number;
}

function hourInSaoPaulo(now: Date): number {
  return Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Sao_Paulo', hour: '2-digit', hourCycle: 'h23' }).format(now));
}

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
 * The daily digest (#25): at DIGEST_HOUR in São Paulo, each member of a brokerage with their own tasks
 * overdue or due today (#38: Minhas tarefas' list) gets one e-mail (through identity, which alone
 * knows the address). Once per day with any number
 * of replicas and restarts: the day is planned once (its digest_days row, inserted in the plan's
 * transaction, is the lock), each member's send is unique per day and claimed FOR UPDATE SKIP
 * LOCKED; every attempt is recorded, a failure is retried later (RETRY_AFTER_MS, doubling) and shown
 * in Minhas tarefas. The clock is injected: tests run the 07:00 of any day.
 */
export class DigestService {
  private readonly sends: BrokerScopedTable;

  constructor(
    private readonly knex: Knex,
    private readonly tasks: TasksService,
    private readonly finance: InternalClient | null,
    private readonly identity: InternalClient,
    private readonly appUrl: string,
  ) {
    this.sends = new BrokerScopedTable(knex, 'digest_sends');
  }

  /** One pass: plan today's digests if it is time and nobody has, then send what is due (new, or a failure's retry). */
  async run(now: Date): Promise<{ planned: number; sent: number; failed: number }> {
    const day = saoPauloDay(now);
    const planned = hourInSaoPaulo(now) >= DIGEST_HOUR ? await this.plan(day) : 0;
    const { sent, failed } = await this.sendDue(now);
    return { planned, sent, failed };
  }

  private async plan(day: string): Promise<number> {
    if (await this.knex('digest_days').where({ day }).first('day')) return 0;
    // Every member (of every brokerage) with a card's next action or a written task due by the day.
    const { rows } = await this.knex.raw<{ rows: TaskOwner[] }>(
      `select user_id as "userId", responsible_id as "memberId" from pipeline_cards
        where status = 'active' and next_action_at is not null and (next_action_at at time zone 'America/Sao_Paulo')::date <= ?::date
       union
       select user_id, responsible_id from tasks
        where done_at is null and (due_at at time zone 'America/Sao_Paulo')::date <= ?::date`,
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
        const inserted = await forMemberOwnRecords(mail.memberId, () =>
          this.sends
            .of(mail.userId, trx)
            .insert({ day, subject: mail.subject, text: mail.text, overdue: mail.overdue, today: mail.today })
            .onConflict(['responsible_id', 'day'])
            .ignore()
            .returning('id'),
        );
        planned += inserted.length;
      }
      return planned;
    });
  }

  private async sendDue(now: Date): Promise<{ sent: number; failed: number }> {
    const { rows } = await this.knex.raw<{ rows: SendRow[] }>(
      `update digest_sends set status = 'sending', claimed_at = ?, attempts = attempts + 1
        where id in (select id from digest_sends
                      where attempts < ? and (status = 'pending'
                         or (status = 'failed' and next_attempt_at <= ?)
                         or (status = 'sending' and claimed_at < ?))
                      order by id limit ? for update skip locked)
        returning id, user_id as "userId", responsible_id as "memberId", subject, text, attempts`,
      [now, MAX_ATTEMPTS, now, new Date(now.getTime() - LEASE_MS), BATCH],
    );
    let sent = 0;
    let failed = 0;
    for (const row of rows) {
      try {
        await this.identity.call(AUTH_OPERATIONS.mailUser, {
          params: { userId: row.memberId },
          body: { subject: row.subject, text: row.text },
        });
        await this.sends.of(row.userId).byId(row.id).update({ status: 'sent', sentAt: now, lastError: null, nextAttemptAt: null });
        sent += 1;
      } catch (error) {
        const retry = row.attempts < MAX_ATTEMPTS ? new Date(now.getTime() + RETRY_AFTER_MS * 2 ** (row.attempts - 1)) : null;
        await this.sends
          .of(row.userId)
          .byId(row.id)
          .update({
            status: 'failed',
            lastError: (error instanceof Error ? error.message : String(error)).slice(0, 500),
            nextAttemptAt: retry,
          });
        failed += 1;
      }
    }
    return { sent, failed };
  }

  /** Every minute from a few seconds after start (the kit's schedulePasses: no overlap, never keeps the process up). */
  schedule(onError: (error: unknown) => void, clock: () => Date = () => new Date(), jobs?: JobMetrics): () => void {
    return schedulePasses(() => this.run(clock()), {
      firstMs: 5_000,
      everyMs: EVERY_MS,
      onError,
      ...(jobs ? { job: { metrics: jobs, name: 'daily_digest', items: (pass: { sent: number }) => pass.sent } } : {}),
    });
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
    this.sends = new BrokerScopedTable(knex, 'digest_sends');
    this.preferences = new BrokerScopedTable(knex, 'digest_preferences');
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
        .onConflict('responsible_id')
        .merge({ enabled: input.enabled, updatedAt: trx.fn.now() }),
    );
    return this.settings(userId);
  }
}
