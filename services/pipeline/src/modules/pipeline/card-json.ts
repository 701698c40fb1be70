import type { Knex } from 'knex';

/**
 * A card as the API answers it, built by Postgres itself: money and dates leave as the text of
 * their numeric/date columns ('1248.00', '2027-01-31'), so no float or timezone touches them, and a
 * board of thousands of cards is one statement whose JSON goes to the client as is.
 */
const CARD_JSON = `json_build_object(
  'id', c.id, 'contactId', c.contact_id, 'stageId', c.stage_id, 'stage', c.stage_key, 'status', c.status,
  'stageEnteredAt', c.stage_entered_at, 'archivedAt', c.archived_at, 'archivedReason', c.archived_reason,
  'insurerId', c.insurer_id, 'startDate', c.start_date::text, 'endDate', c.end_date::text,
  'premioLiquido', c.premio_liquido::text, 'iof', c.iof::text, 'juros', c.juros::text, 'totalPremium', c.total_premium::text,
  'commissionPercentage', c.commission_percentage::text, 'commissionAmount', c.commission_amount::text,
  'documentType', c.document_type, 'createdAt', c.created_at, 'updatedAt', c.updated_at,
  'contact', json_build_object(
    'id', k.id, 'name', k.name, 'email', k.email, 'phone', k.phone, 'cpf', k.cpf, 'type', k.type,
    'productId', k.product_id, 'leadSourceId', k.lead_source_id, 'annualPremium', k.annual_premium,
    'lastContact', k.last_contact, 'createdAt', k.created_at))`;

/** The broker's cards (`c`) joined to their own contacts (`k`): every read starts from here. */
const SCOPED_FROM = 'from pipeline_cards c join contacts k on k.id = c.contact_id and k.user_id = c.user_id where c.user_id = ?';

export type CardFilter = 'board' | 'archived';

const FILTERS: Record<CardFilter, string> = {
  board: "c.status in ('active', 'issued')",
  archived: "c.status = 'archived'",
};

/** The JSON array text of the broker's cards on the board or in the archive, newest first. */
export async function cardListJson(knex: Knex, userId: string, filter: CardFilter): Promise<string> {
  const order = filter === 'archived' ? 'c.archived_at desc, c.id desc' : 'c.created_at desc, c.id desc';
  const { rows } = await knex.raw<{ rows: { body: string }[] }>(
    `select coalesce(json_agg(${CARD_JSON} order by ${order}), '[]')::text as body ${SCOPED_FROM} and ${FILTERS[filter]}`,
    [userId],
  );
  return rows[0]!.body;
}

export interface CardRow {
  card: unknown;
  status: string;
  stage: string;
}

/** One card of the broker with its status and stage, or undefined (unknown or another broker's). */
export async function cardById(knex: Knex | Knex.Transaction, userId: string, id: number): Promise<CardRow | undefined> {
  const { rows } = await knex.raw<{ rows: CardRow[] }>(`select ${CARD_JSON} as card, c.status, c.stage_key as stage ${SCOPED_FROM} and c.id = ?`, [userId, id]);
  return rows[0];
}

/**
 * Runs `update pipeline_cards set … where <the broker's card> and <condition> returning *` and
 * answers the updated card in the API's shape, in one statement; undefined when no row matched.
 */
export async function updateCardJson(
  knex: Knex | Knex.Transaction,
  userId: string,
  id: number,
  set: { sql: string; bindings: readonly Knex.Value[] },
  condition: string,
  conditionBindings: readonly Knex.Value[] = [],
): Promise<unknown | undefined> {
  const { rows } = await knex.raw<{ rows: { card: unknown }[] }>(
    `with c as (update pipeline_cards set ${set.sql}, updated_at = now() where user_id = ? and id = ? and ${condition} returning *)
     select ${CARD_JSON} as card from c join contacts k on k.id = c.contact_id and k.user_id = c.user_id`,
    [...set.bindings, userId, id, ...conditionBindings],
  );
  return rows[0]?.card;
}

/** GET /api/pipeline-leads: the newest cards on the board, short (the dashboard only asks whether there is any). */
export async function leadListJson(knex: Knex, userId: string, limit: number): Promise<string> {
  const { rows } = await knex.raw<{ rows: { body: string }[] }>(
    `select coalesce(json_agg(json_build_object('id', l.id, 'name', l.name, 'stage', l.stage_key, 'createdAt', l.created_at) order by l.created_at desc, l.id desc), '[]')::text as body
     from (select c.id, k.name, c.stage_key, c.created_at ${SCOPED_FROM} and ${FILTERS.board} order by c.created_at desc, c.id desc limit ?) l`,
    [userId, limit],
  );
  return rows[0]!.body;
}
