import type { Knex } from 'knex';

/**
 * A document sent to a client from a deal on their timeline (kind 'sent'): a comparison of quotes or
 * a CNSP 382 disclosure (`type`), what it was (`text`), the channel, and the file's SHA-256 — the
 * proof of what was made available, and when.
 */
const KINDS_BEFORE = `(kind = 'interaction' and type in ('ligacao', 'whatsapp', 'email', 'reuniao')) or
  (kind = 'whatsapp' and template_name is not null and text is not null and purpose in ('servico', 'marketing')) or
  (kind = 'consent' and purpose in ('servico', 'marketing') and granted is not null)`;
const SENT = `(kind = 'sent' and type in ('comparison', 'disclosure') and text is not null and channel in ('email', 'whatsapp', 'download'))`;

async function kinds(knex: Knex, condition: string): Promise<void> {
  await knex.raw('alter table contact_timeline drop constraint contact_timeline_kind_check');
  await knex.raw(`alter table contact_timeline add constraint contact_timeline_kind_check check (${condition})`);
}

export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table contact_timeline add column channel varchar(12)');
  await knex.raw('alter table contact_timeline add column sha256 char(64)');
  await kinds(knex, `${KINDS_BEFORE} or ${SENT}`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("delete from contact_timeline where kind = 'sent'");
  await kinds(knex, KINDS_BEFORE);
  await knex.raw('alter table contact_timeline drop column sha256');
  await knex.raw('alter table contact_timeline drop column channel');
}
