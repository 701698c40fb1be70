import type { Knex } from 'knex';

/**
 * The client portal (#61): a task written for what a client asked there says so (`origin`), and the
 * client's timeline keeps what they did there (kind 'portal': the event in `type`, their words in `text`).
 */
const KINDS_BEFORE = `(kind = 'interaction' and type in ('ligacao', 'whatsapp', 'email', 'reuniao')) or
  (kind = 'whatsapp' and template_name is not null and text is not null and purpose in ('servico', 'marketing')) or
  (kind = 'consent' and purpose in ('servico', 'marketing') and granted is not null) or
  (kind = 'sent' and type in ('comparison', 'disclosure') and text is not null and channel in ('email', 'whatsapp', 'download'))`;
const PORTAL = `(kind = 'portal' and type in ('claim', 'change', 'privacy', 'access') and text is not null)`;

async function kinds(knex: Knex, condition: string): Promise<void> {
  await knex.raw('alter table contact_timeline drop constraint contact_timeline_kind_check');
  await knex.raw(`alter table contact_timeline add constraint contact_timeline_kind_check check (${condition})`);
}

export async function up(knex: Knex): Promise<void> {
  await knex.raw("alter table tasks add column origin varchar(10) check (origin in ('portal'))");
  await kinds(knex, `${KINDS_BEFORE} or ${PORTAL}`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("delete from contact_timeline where kind = 'portal'");
  await kinds(knex, KINDS_BEFORE);
  await knex.raw('alter table tasks drop column origin');
}
