import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // Off until an owner turns it on; the code goes by e-mail unless they choose otherwise.
  await knex.raw(`create table portal_settings (
    user_id uuid primary key,
    enabled boolean not null default false,
    email boolean not null default true,
    whatsapp boolean not null default false,
    updated_at timestamptz not null default now()
  )`);
  // One row per document asked for at a brokerage (its keyed hash, never the CPF): the live code's
  // hash (null for a document that is no client: the same row, the same work), its tries and pause.
  await knex.raw(`create table portal_codes (
    user_id uuid not null,
    document_hash text not null,
    code_hash text,
    expires_at timestamptz not null,
    attempts integer not null default 0,
    paused_until timestamptz,
    requested_at timestamptz not null default now(),
    primary key (user_id, document_hash)
  )`);
  await knex.raw(`create table portal_access (
    user_id uuid not null,
    contact_id integer not null,
    last_access_at timestamptz not null,
    primary key (user_id, contact_id)
  )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table portal_access, portal_codes, portal_settings');
}
