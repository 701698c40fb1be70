import type { Knex } from 'knex';
import { TRIGGER_DDL_LOCK, behindTransactionPooler, inLockedTransaction } from './database';
import { currentClientActor, currentMember } from './member-context';

/**
 * Who did what: one append-only log for the whole product, in `public` beside the
 * sessions. Every write of an audited table is recorded by a row trigger (the kit's function,
 * `public.corretora_audit`): the brokerage, when, the member and the address the request came from,
 * the record (entity and id) and each field's before and after. Secrets never: a column whose name
 * says password, token, secret or key is left out, and so are bookkeeping columns (timestamps,
 * search text). Events that are no row's write (a sign-in, an export, an invitation, Limpar Dados)
 * are recorded by `recordAuditEvent`.
 *
 * The database refuses UPDATE, DELETE and TRUNCATE on it (a trigger), services are granted only
 * SELECT and INSERT, no API writes it, and Limpar Dados leaves it: its own rows are not logged one
 * by one (the clear is one event).
 *
 * The member and address reach the trigger as the connection's `corretora.actor` setting: every
 * write statement sent while a request is served sets it first when the connection says otherwise
 * (auditRequestWrites), so a write needs no extra round trip unless another member wrote last on
 * that connection. Behind a transaction pooler a connection's session is no one's: a request's write
 * outside a transaction then runs in one of its own, with the actor set for it alone. A write with no request (a job, a migration) is the system's: no actor. A client on
 * the portal (#61) is `client:<contact id>`: the entry's `actor_client`, no member.
 */
export const AUDIT_TABLE = 'public.audit_log';

/** Columns the log never records: bookkeeping. */
export const AUDIT_SKIPPED_COLUMNS = ['id', 'user_id', 'created_at', 'updated_at', 'last_activity_at', 'seen_at'] as const;
/** Nor a secret, nor search text (a column's name says so). */
export const AUDIT_SKIPPED_PATTERN = '(password|token|secret|_key$|search|_tsv$)';

const ACTOR_SETTING = 'corretora.actor';

export async function ensureAuditLog(knex: Knex): Promise<void> {
  await inLockedTransaction(knex, TRIGGER_DDL_LOCK, async (trx) => {
    await trx.raw(`create table if not exists ${AUDIT_TABLE} (
      id bigserial primary key,
      user_id uuid not null,
      at timestamptz not null default now(),
      actor_id uuid,
      address text,
      action text not null,
      entity text not null,
      entity_id text,
      changes jsonb
    )`);
    // The client who did it on the portal (#61): the contact the portal spoke for, when no member did.
    await trx.raw(`alter table ${AUDIT_TABLE} add column if not exists actor_client integer`);
    // Keyed by the brokerage (shard-ready.ts): one of an older release gets it here.
    await trx.raw(`do $$ begin
      if not exists (select 1 from pg_constraint c join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
                      where c.conrelid = '${AUDIT_TABLE}'::regclass and c.contype = 'p' and a.attname = 'user_id') then
        alter table ${AUDIT_TABLE} drop constraint audit_log_pkey, add constraint audit_log_pkey primary key (user_id, id);
      end if;
    end $$`);
    await trx.raw(`create index if not exists audit_log_recent on ${AUDIT_TABLE} (user_id, at desc, id desc)`);
    await trx.raw(`create index if not exists audit_log_record on ${AUDIT_TABLE} (user_id, entity, entity_id, at desc)`);
    // The one exception to append-only: a data subject's erasure (LGPD) blanks the changes of
    // the entries that hold their data, through corretora_audit_redact alone — it runs as the log's
    // owner and says so in a setting; a service's own role can do neither. The entry stays (who, when,
    // what kind of record), only the values go; nothing is ever deleted.
    await trx.raw(`create or replace function public.corretora_audit_is_append_only() returns trigger language plpgsql as $$
      begin
        if tg_op = 'UPDATE' and current_setting('corretora.redacting', true) = 'on'
           and current_user = (select pg_get_userbyid(relowner) from pg_class where oid = tg_relid)
           and new.id = old.id and new.user_id = old.user_id and new.at = old.at and new.entity = old.entity
        then return new; end if;
        raise exception 'o registro de auditoria não pode ser alterado nem apagado' using errcode = 'insufficient_privilege';
      end $$`);
    await trx.raw(
      `create or replace trigger audit_log_append_only before update or delete on ${AUDIT_TABLE} for each row execute function public.corretora_audit_is_append_only()`,
    );
    await trx.raw(
      `create or replace trigger audit_log_no_truncate before truncate on ${AUDIT_TABLE} for each statement execute function public.corretora_audit_is_append_only()`,
    );
    // keys: 'entity:id' of the records erased. terms: values matched anywhere in an entry's changes
    // (4 characters at least); redactAudit passes none (a name like 'null' or a shared
    // phone blanked other clients' entries): only the subject's own records are redacted.
    await trx.raw(`create or replace function public.corretora_audit_redact(brokerage uuid, note text, keys text[], terms text[])
      returns integer language plpgsql security definer set search_path = pg_catalog, public as $$
      declare
        needles text[] := array(select lower(t) from unnest(terms) as t where length(t) >= 4);
        touched integer;
      begin
        perform set_config('corretora.redacting', 'on', true);
        update ${AUDIT_TABLE} set changes = jsonb_build_object('apagado', note)
         where user_id = brokerage and changes is not null and changes -> 'apagado' is null
           and ((entity || ':' || coalesce(entity_id, '')) = any(keys) or exists (select 1 from unnest(needles) as n where strpos(lower(changes::text), n) > 0));
        get diagnostics touched = row_count;
        perform set_config('corretora.redacting', 'off', true);
        return touched;
      end $$`);
    // tg_argv[0]: the entity's name in the log (contact, policy…).
    await trx.raw(`create or replace function public.corretora_audit() returns trigger language plpgsql as $$
      declare
        actor text := nullif(current_setting('${ACTOR_SETTING}', true), '');
        before_row jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
        after_row jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
        row_data jsonb := coalesce(after_row, before_row);
        changes jsonb;
      begin
        if current_setting('corretora.clearing', true) = 'on' then return null; end if;
        select jsonb_object_agg(k, jsonb_build_object('before', before_row -> k, 'after', after_row -> k)) into changes
          from jsonb_object_keys(row_data) as k
         where k not in (${AUDIT_SKIPPED_COLUMNS.map((column) => `'${column}'`).join(', ')})
           and k !~ '${AUDIT_SKIPPED_PATTERN}'
           and (before_row -> k) is distinct from (after_row -> k);
        if tg_op = 'UPDATE' and changes is null then return null; end if;
        insert into ${AUDIT_TABLE} (user_id, actor_id, actor_client, address, action, entity, entity_id, changes)
        values (coalesce(row_data ->> 'brokerage_id', row_data ->> 'user_id')::uuid,
                case when actor not like 'client:%' then nullif(split_part(actor, ' ', 1), '')::uuid end,
                case when actor like 'client:%' then substr(split_part(actor, ' ', 1), 8)::integer end,
                nullif(split_part(actor, ' ', 2), ''),
                lower(tg_op), tg_argv[0], row_data ->> 'id', changes);
        return null;
      end $$`);
  });
}

/** Puts the audit trigger on a service's tables (by name, in its own schema), each with its entity's name in the log. */
export async function auditTables(knex: Knex, tables: Readonly<Record<string, string>>): Promise<void> {
  const entries = Object.entries(tables);
  if (entries.length === 0) return;
  await inLockedTransaction(knex, TRIGGER_DDL_LOCK, async (trx) => {
    for (const [table, entity] of entries) {
      if (!/^[a-z_]+$/.test(entity)) throw new Error(`not an entity name: ${entity}`);
      await trx.raw(
        `create or replace trigger ?? after insert or update or delete on ?? for each row execute function public.corretora_audit('${entity}')`,
        [`${table}_audit`, table],
      );
    }
  });
}

/** `<member uuid> <address>` or `client:<contact id> <address>`: what the trigger reads as the actor ('' with no request). */
function actorTag(): string {
  const member = currentMember();
  if (member) return `${member.id} ${member.address ?? ''}`.trim();
  const client = currentClientActor();
  return client ? `client:${client.contactId} ${client.address ?? ''}`.trim() : '';
}

const WRITE = /^\s*(insert|update|delete|with|merge)\b/i;

interface TaggedConnection {
  __knexTxId?: string;
  /** The actor setting the session holds (outside a transaction). */
  __auditActor?: string;
  /** The transaction and actor the local setting was made for. */
  __auditTx?: string;
  query(text: string, values: unknown[]): Promise<unknown>;
}

type QueryFn = (this: { config?: unknown }, connection: TaggedConnection, obj: { sql?: string }) => Promise<unknown>;
const PATCHED = Symbol.for('corretora.audit-actor');

/**
 * Before each write statement, the connection's actor is made the request's: set for the session
 * outside a transaction (and remembered, so the next write of the same member costs nothing), for
 * the transaction inside one (a rollback then leaves nothing behind). Behind a transaction pooler
 * (DATABASE_POOL_MODE=transaction) the session's setting would stay on a server connection that the
 * next statement, anyone's, may get: a lone write with an actor runs in a transaction of its own
 * (begin, the local setting, the write, commit), one with no actor needs none (nothing is ever set
 * for the session there).
 *
 * The client's class is patched, not this instance: knex runs a transaction on a client made from
 * the class's prototype (makeTxClient), which an instance's own property never reaches — a write in
 * a transaction would then find whatever actor the connection's last plain write left, another
 * member's or another brokerage's. Once per process; every knex of the class gets it (a write with
 * no request sets no actor, as before).
 */
export function auditRequestWrites(knex: Knex): void {
  const prototype = Object.getPrototypeOf(knex.client) as { _query: QueryFn; [PATCHED]?: true };
  if (prototype[PATCHED]) return;
  const original = prototype._query;
  prototype[PATCHED] = true;
  prototype._query = async function (connection, obj) {
    if (obj.sql && WRITE.test(obj.sql)) {
      const actor = actorTag();
      const txId = connection.__knexTxId;
      if (txId) {
        const mark = `${txId} ${actor}`;
        if (connection.__auditTx !== mark) {
          await connection.query('select set_config($1, $2, true)', [ACTOR_SETTING, actor]);
          connection.__auditTx = mark;
        }
      } else if (behindTransactionPooler(this)) {
        if (actor) return inOwnTransaction(connection, actor, () => original.call(this, connection, obj));
      } else if (connection.__auditActor !== actor) {
        await connection.query('select set_config($1, $2, false)', [ACTOR_SETTING, actor]);
        connection.__auditActor = actor;
      }
    }
    return original.call(this, connection, obj);
  };
}

/** A lone write with its actor in a transaction of its own (behind a transaction pooler). */
async function inOwnTransaction(connection: TaggedConnection, actor: string, write: () => Promise<unknown>): Promise<unknown> {
  await connection.query('begin', []);
  try {
    await connection.query('select set_config($1, $2, true)', [ACTOR_SETTING, actor]);
    const result = await write();
    await connection.query('commit', []);
    return result;
  } catch (error) {
    await connection.query('rollback', []).catch(() => undefined);
    throw error;
  }
}

export interface AuditEvent {
  action: 'sign_in' | 'export' | 'invitation' | 'clear_data';
  entity: string;
  entityId?: string | null;
  changes?: Record<string, unknown> | null;
  /** Who, when the request has no member yet (a sign-in). */
  actor?: { id: string; address?: string };
}

/**
 * Blanks the changes of a brokerage's audit entries of an erased data subject's own records
 * (LGPD): the records erased or anonymised (`entity:id`), never another record's entries that
 * happen to hold one of their values. The entries stay, with who and when; their values become
 * `{ apagado: note }`. Returns how many entries it blanked.
 */
export async function redactAudit(
  db: Knex | Knex.Transaction,
  userId: string,
  note: string,
  records: readonly { entity: string; id: string | number }[],
): Promise<number> {
  // Only the subject's own records: matching their values anywhere blanked other clients'
  // entries too (a prospect named 'null' blanked 43 of 46; a common surname, a shared office phone).
  const { rows } = await db.raw<{ rows: { touched: number }[] }>(
    "select public.corretora_audit_redact(?, ?, ?::text[], '{}'::text[]) as touched",
    [userId, note, records.map((record) => `${record.entity}:${record.id}`)],
  );
  return rows[0]!.touched;
}

/** An event that is no row's write (a sign-in, an export, an invitation, Limpar Dados), by the request's member. */
export async function recordAuditEvent(db: Knex | Knex.Transaction, userId: string, event: AuditEvent): Promise<void> {
  const actor = event.actor ?? currentMember();
  const client = actor ? undefined : currentClientActor();
  // Plain SQL: whatever case mapping the caller's knex has.
  await db.raw(
    `insert into ${AUDIT_TABLE} (user_id, actor_id, actor_client, address, action, entity, entity_id, changes) values (?, ?, ?, ?, ?, ?, ?, ?::jsonb)`,
    [
      userId,
      actor?.id ?? null,
      client?.contactId ?? null,
      actor?.address ?? client?.address ?? null,
      event.action,
      event.entity,
      event.entityId ?? null,
      event.changes ? JSON.stringify(event.changes) : null,
    ],
  );
}
