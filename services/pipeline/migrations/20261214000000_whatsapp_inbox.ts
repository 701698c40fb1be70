import type { Knex } from 'knex';

/**
 * WhatsApp as the team's inbox (#62): the brokerage's provider (the Cloud API's token and app secret
 * sealed with the kit's SecretBox), the templates synced from Meta, one conversation per client (the
 * client's responsible member's until someone transfers it) and its messages, each stored once by the
 * provider's id (a webhook delivered again is the same message).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table whatsapp_settings (
      user_id uuid primary key,
      provider varchar(10) not null default 'wame' check (provider in ('wame', 'cloud')),
      phone_number_id varchar(30) unique,
      business_account_id varchar(30),
      token_sealed text,
      app_secret_sealed text,
      verify_token varchar(64) not null unique,
      rates jsonb not null default '{}'::jsonb,
      templates_synced_at timestamptz,
      updated_at timestamptz not null default now(),
      check (provider = 'wame' or (phone_number_id is not null and business_account_id is not null and token_sealed is not null and app_secret_sealed is not null))
    );
    create table whatsapp_templates (
      id serial primary key,
      user_id uuid not null,
      name varchar(512) not null,
      language varchar(20) not null,
      category varchar(20) not null check (category in ('utility', 'marketing', 'authentication')),
      status varchar(10) not null check (status in ('approved', 'pending', 'rejected')),
      body text not null default '',
      unique (user_id, name, language)
    );
    create table conversations (
      id serial primary key,
      user_id uuid not null,
      contact_id integer not null references contacts(id) on delete cascade,
      responsible_id uuid,
      last_message_at timestamptz not null default now(),
      last_inbound_at timestamptz,
      last_message_preview varchar(200) not null default '',
      unread_count integer not null default 0 check (unread_count >= 0),
      created_at timestamptz not null default now(),
      unique (user_id, contact_id)
    );
    create index conversations_inbox on conversations (user_id, (unread_count > 0) desc, last_message_at desc);
    create table whatsapp_messages (
      id serial primary key,
      user_id uuid not null,
      conversation_id integer not null references conversations(id) on delete cascade,
      provider_message_id varchar(200),
      direction varchar(3) not null check (direction in ('in', 'out')),
      kind varchar(10) not null check (kind in ('text', 'image', 'document', 'audio', 'template')),
      text text not null default '',
      template_name varchar(512),
      category varchar(20) check (category in ('service', 'utility', 'marketing', 'authentication')),
      status varchar(10) not null check (status in ('received', 'sending', 'sent', 'delivered', 'read', 'failed')),
      sent_by uuid,
      error text,
      created_at timestamptz not null default now(),
      unique (user_id, provider_message_id)
    );
    create index whatsapp_messages_thread on whatsapp_messages (conversation_id, created_at, id);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table whatsapp_messages; drop table conversations; drop table whatsapp_templates; drop table whatsapp_settings;');
}
