import { ACTIVITY_TYPES, RECENT_ACTIVITY_LIMIT, type ActivityEvent, type ActivityType } from '@corretora/contracts';
import type { Knex } from 'knex';
import { actingMemberId, restrictedMember } from './member-context';
import { KIT, registerScope } from './table-scopes';

/** Every service that records 'Atividade Recente' keeps its events in its own schema, in this table. */
export const ACTIVITY_TABLE = 'activity_events';
// The brokerage's (a producer's feed is narrowed by the member column, below).
registerScope(KIT, ACTIVITY_TABLE, { kind: 'brokerage' });

/**
 * The table as its first migration creates it (a later change is a new migration, not an edit here).
 * Read newest first per broker, so the index is (user_id, created_at desc, id desc).
 */
export async function createActivityTable(knex: Knex): Promise<void> {
  await knex.schema.createTable(ACTIVITY_TABLE, (table) => {
    table.bigIncrements('id');
    table.uuid('user_id').notNullable();
    table.string('type', 40).notNullable();
    table.string('subject', 255).notNullable();
    table.string('detail', 255);
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw(`create index ${ACTIVITY_TABLE}_recent on ${ACTIVITY_TABLE} (user_id, created_at desc, id desc)`);
  await refreshActivityTypes(knex);
}

/**
 * The check of the event types, as the contracts list them now: a migration that adds types calls
 * it (a table made by an older release keeps its old list until then, and refuses the new events).
 */
export async function refreshActivityTypes(knex: Knex): Promise<void> {
  // DDL takes no bind parameters: the types are our own snake_case constants, written as literals.
  const types = ACTIVITY_TYPES.map((type) => {
    if (!/^[a-z_]+$/.test(type)) throw new Error(`activity type ${type} is not snake_case`);
    return `'${type}'`;
  });
  await knex.raw(`alter table ${ACTIVITY_TABLE} drop constraint if exists ${ACTIVITY_TABLE}_type_check`);
  await knex.raw(`alter table ${ACTIVITY_TABLE} add constraint ${ACTIVITY_TABLE}_type_check check (type in (${types.join(', ')}))`);
}

/** A later migration of each service's table: the client an event is about (Atividade Recente links their ficha). */
export async function addActivityContact(knex: Knex): Promise<void> {
  await knex.raw(`alter table ${ACTIVITY_TABLE} add column contact_id integer`);
}

/**
 * A later migration of each service's table: the member whose record an event is about (a team:
 * a producer's Atividade Recente shows only their own; null: the brokerage's, seen by owners,
 * admins and assistants).
 */
export async function addActivityMember(knex: Knex): Promise<void> {
  await knex.raw(`alter table ${ACTIVITY_TABLE} add column member_id uuid`);
}

export interface ActivityInput {
  type: ActivityType;
  subject: string;
  detail?: string | null;
  /** The client it is about, if any. */
  contactId?: number | null;
  /** The member whose record it is about (default: the member acting). */
  memberId?: string | null;
}

/** Records one event; pass the write's transaction so the event exists exactly when the write does. */
export async function recordActivity(db: Knex | Knex.Transaction, userId: string, event: ActivityInput): Promise<void> {
  await db(ACTIVITY_TABLE).insert({
    userId,
    type: event.type,
    subject: event.subject.slice(0, 255),
    detail: event.detail?.slice(0, 255) ?? null,
    contactId: event.contactId ?? null,
    memberId: event.memberId ?? actingMemberId(),
  });
}

/**
 * The insert of a data-modifying CTE that records one event per row a one-statement write touched:
 * `with c as (update … returning *), a as (<this>) select …`. `from` names the written rows (and
 * whatever they join to), `userId` and `subject` are SQL over them; `where` narrows which rows count.
 * Bindings, in order: the type, then the detail.
 */
export function activityInsertSql(source: {
  from: string;
  userId: string;
  subject: string;
  contactId?: string;
  /** SQL over the rows: the member whose record it is (its responsible_id). */
  memberId?: string;
  where?: string;
}): string {
  return `insert into ${ACTIVITY_TABLE} (user_id, type, subject, detail, contact_id, member_id)
    select ${source.userId}, ?, left(${source.subject}, 255), left(?, 255), ${source.contactId ?? 'null'}, ${source.memberId ?? 'null'}
      from ${source.from}${source.where ? ` where ${source.where}` : ''}`;
}

/** The broker's latest events, newest first, ids prefixed with the service's name. */
export async function recentActivity(knex: Knex, service: string, userId: string, limit = RECENT_ACTIVITY_LIMIT): Promise<ActivityEvent[]> {
  // A producer's: only the events about their own records.
  const only = restrictedMember();
  const rows = await knex(ACTIVITY_TABLE)
    .where(only ? { userId, memberId: only } : { userId })
    .orderBy([
      { column: 'createdAt', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(limit)
    .select<{ id: string; type: ActivityType; subject: string; detail: string | null; contactId: number | null; createdAt: Date }[]>(
      'id',
      'type',
      'subject',
      'detail',
      'contactId',
      'createdAt',
    );
  return rows.map((row) => ({
    id: `${service}-${row.id}`,
    type: row.type,
    subject: row.subject,
    detail: row.detail,
    contactId: row.contactId,
    at: row.createdAt.toISOString(),
  }));
}

/** Limpar Dados: the broker's events go with the rest of their records. */
export async function clearActivity(db: Knex | Knex.Transaction, userId: string): Promise<void> {
  await db(ACTIVITY_TABLE).where({ userId }).delete();
}
