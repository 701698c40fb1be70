import { ContactAnswerSchema, type ActivityType, type PipelineCard } from '@corretora/contracts';
import { activityInsertSql, answerColumnsSql } from '@corretora/service-kit';
import { tables } from '../../tables';
import { SALE_COLUMNS } from './card-sale';
import type { Knex } from 'knex';

/**
 * A card as the API answers it, built by Postgres itself: money and dates leave as the text of
 * their numeric/date columns ('1248.00', '2027-01-31'), so no float or timezone touches them, and a
 * board of thousands of cards is one statement whose JSON goes to the client as is. The columns are
 * a row turned into JSON by `to_json`/`json_agg` (not `json_build_object`: measured 1.7x faster on a
 * 1,000-card board and without its `"key" : value` padding).
 */
/**
 * The sale's product, lead source and expected premium are the card's own (a client can have two deals
 * at once); the API keeps answering them inside the card's contact, where the spec's clients read them.
 */
const CARD_SALE = { productId: 'c.product_id', leadSourceId: 'c.lead_source_id', annualPremium: 'c.annual_premium' };

const CARD_COLUMNS = `c.id, c.contact_id as "contactId", c.stage_id as "stageId", c.stage_key as stage, c.status,
  c.stage_entered_at as "stageEnteredAt", c.archived_at as "archivedAt", c.archived_reason as "archivedReason",
  ${SALE_COLUMNS}, c.policy_id as "policyId", c.created_at as "createdAt", c.updated_at as "updatedAt",
  c.last_activity_at as "lastActivityAt", c.responsible_id as "responsibleId", c.insured_item as "insuredItem", c.quote_id as "quoteId",
  case when c.next_action_at is null then null
       else json_build_object('dueAt', c.next_action_at, 'type', c.next_action_type, 'note', c.next_action_note) end as "nextAction",
  (select contact from (select ${answerColumnsSql(ContactAnswerSchema, 'k', CARD_SALE)}) contact) as contact`;

/** The broker's contacts as `k` (bind contactsScope). */
const CONTACTS = tables.fromSql('contacts', 'k');
/** The broker's cards (`c`) joined to their own contacts (`k`): every read starts from here (bind fromScope). */
const SCOPED_FROM = `from ${tables.fromSql('pipeline_cards', 'c')} join ${CONTACTS} on k.id = c.contact_id where true`;

const contactsScope = (userId: string) => tables.bindings('contacts', userId);
const fromScope = (userId: string) => [...tables.bindings('pipeline_cards', userId), ...contactsScope(userId)];

export type CardFilter = 'board' | 'archived';

const FILTERS: Record<CardFilter, string> = {
  board: "c.status in ('active', 'issued')",
  archived: "c.status = 'archived'",
};

/** The JSON array text of the broker's cards on the board or in the archive, newest first (one member's only with `responsibleId`). */
export async function cardListJson(knex: Knex, userId: string, filter: CardFilter, responsibleId = ''): Promise<string> {
  const order = filter === 'archived' ? 'card."archivedAt" desc, card.id desc' : 'card."createdAt" desc, card.id desc';
  const { rows } = await knex.raw<{ rows: { body: string }[] }>(
    `select coalesce(json_agg(card order by ${order}), '[]')::text as body
       from (select ${CARD_COLUMNS} ${SCOPED_FROM} and ${FILTERS[filter]} and (?::uuid is null or c.responsible_id = ?::uuid)) card`,
    [...fromScope(userId), responsibleId || null, responsibleId || null],
  );
  return rows[0]!.body;
}

export interface CardRow {
  card: PipelineCard;
  status: string;
  stage: string;
}

/** One card of the broker with its status and stage, or undefined (unknown or another broker's). */
export async function cardById(knex: Knex | Knex.Transaction, userId: string, id: number): Promise<CardRow | undefined> {
  const { rows } = await knex.raw<{ rows: CardRow[] }>(
    `select to_json(card) as card, card.status, card.stage from (select ${CARD_COLUMNS} ${SCOPED_FROM} and c.id = ?) card`,
    [...fromScope(userId), id],
  );
  return rows[0];
}

/** The event a card update records (in the same statement), and when it counts. */
export interface CardActivity {
  type: ActivityType;
  detail: string | null;
  /** SQL over the updated row `c`: record only when it holds (default: whenever the update matched). */
  onlyIf?: string;
}

/**
 * Runs `update pipeline_cards set …, last_activity_at = now() where <the broker's card> and <condition> returning *` (every
 * change of a card is activity: it warms the card up) and
 * answers the updated card in the API's shape, in one statement; undefined when no row matched.
 * With `activity`, the same statement records the event under the contact's name: the event exists
 * exactly when the update does.
 */
export async function updateCardJson(
  knex: Knex | Knex.Transaction,
  userId: string,
  id: number,
  set: { sql: string; bindings: readonly Knex.Value[] },
  condition: string,
  conditionBindings: readonly Knex.Value[] = [],
  activity?: CardActivity,
): Promise<PipelineCard | undefined> {
  const record = activity
    ? `, a as (${activityInsertSql({ from: `c join ${CONTACTS} on k.id = c.contact_id`, userId: 'c.user_id', subject: 'k.name', contactId: 'k.id', memberId: 'c.responsible_id', where: activity.onlyIf })})`
    : '';
  const { rows } = await knex.raw<{ rows: { card: PipelineCard }[] }>(
    `with c as (${tables.updateSql('pipeline_cards', `${set.sql}, updated_at = now(), last_activity_at = now()`, condition)})${record}
     select to_json(card) as card from (select ${CARD_COLUMNS} from c join ${CONTACTS} on k.id = c.contact_id) card`,
    [
      ...set.bindings,
      ...tables.bindings('pipeline_cards', userId),
      id,
      ...conditionBindings,
      ...(activity ? [activity.type, activity.detail, ...contactsScope(userId)] : []),
      ...contactsScope(userId),
    ],
  );
  return rows[0]?.card;
}

/** GET /api/pipeline-leads: the newest cards on the board, short (the dashboard only asks whether there is any). */
export async function leadListJson(knex: Knex, userId: string, limit: number): Promise<string> {
  const { rows } = await knex.raw<{ rows: { body: string }[] }>(
    `select coalesce(json_agg(json_build_object('id', l.id, 'name', l.name, 'stage', l.stage_key, 'createdAt', l.created_at) order by l.created_at desc, l.id desc), '[]')::text as body
     from (select c.id, k.name, c.stage_key, c.created_at ${SCOPED_FROM} and ${FILTERS.board} order by c.created_at desc, c.id desc limit ?) l`,
    [...fromScope(userId), limit],
  );
  return rows[0]!.body;
}
