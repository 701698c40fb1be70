import type { Knex } from 'knex';

/**
 * Pessoa física and pessoa jurídica, and addresses by CEP (#34 items 3 and 5):
 * - contacts.kind ('pf' | 'pj') is what a contact is, apart from where it stands (prospect or
 *   client: `type` prospect or not). Existing business contacts, and prospects with a CNPJ and no
 *   CPF, become pj (their name their razão social).
 * - a PJ's razão social, nome fantasia and contact person.
 * - the address as brokers write it: the street (the former `address` column), number, complement,
 *   district, city and UF (`state`); `address` is now the whole of it, generated as one object.
 * - `type` (individual | business | prospect) stays for clients built on it, kept in step with
 *   `kind` by a trigger: a client's type is its kind's; a write that sets only the old type
 *   (a client of before kinds) moves the kind with it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('contacts', (table) => {
    table.string('kind', 2).notNullable().defaultTo('pf');
    table.string('legal_name', 150);
    table.string('trade_name', 100);
    table.string('contact_person', 100);
    table.string('number', 20);
    table.string('complement', 100);
    table.string('district', 100);
  });
  await knex.raw("alter table contacts add constraint contacts_kind_check check (kind in ('pf', 'pj'))");
  await knex.raw(
    "update contacts set kind = 'pj', legal_name = name where type = 'business' or (type = 'prospect' and cnpj is not null and cpf is null)",
  );
  await knex.raw('alter table contacts rename column address to street');
  // jsonb_build_object is only stable (it takes "any"); over seven texts it is immutable, as a
  // generated column needs.
  await knex.raw(`
    create function contact_address(cep text, street text, number text, complement text, district text, city text, uf text)
      returns jsonb language sql immutable parallel safe as $$
      select jsonb_build_object('cep', cep, 'street', street, 'number', number, 'complement', complement, 'district', district, 'city', city, 'uf', uf)
    $$`);
  await knex.raw(
    'alter table contacts add column address jsonb generated always as (contact_address(cep, street, number, complement, district, city, state)) stored',
  );
  await knex.raw('create index contacts_user_kind on contacts (user_id, kind)');
  await knex.raw(`
    create function contacts_keep_type() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' and new.type = 'business' then
        new.kind := 'pj';
      elsif tg_op = 'UPDATE' and new.kind = old.kind and new.type is distinct from old.type and new.type in ('individual', 'business') then
        new.kind := case when new.type = 'business' then 'pj' else 'pf' end;
      end if;
      if new.type <> 'prospect' then
        new.type := case when new.kind = 'pj' then 'business' else 'individual' end;
      end if;
      return new;
    end $$`);
  await knex.raw(
    'create trigger contacts_keep_type before insert or update on contacts for each row execute function contacts_keep_type()',
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop trigger if exists contacts_keep_type on contacts');
  await knex.raw('drop function if exists contacts_keep_type()');
  await knex.schema.alterTable('contacts', (table) => {
    table.dropColumn('address');
  });
  await knex.raw('drop function if exists contact_address(text, text, text, text, text, text, text)');
  await knex.raw('alter table contacts rename column street to address');
  await knex.schema.alterTable('contacts', (table) => {
    for (const column of ['kind', 'legal_name', 'trade_name', 'contact_person', 'number', 'complement', 'district'])
      table.dropColumn(column);
  });
}
