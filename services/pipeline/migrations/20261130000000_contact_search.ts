import { trigramOpclass } from '@corretora/service-kit';
import type { Knex } from 'knex';

/**
 * The top bar's search (#35 item 2): each contact's names, e-mail, CPF, CNPJ and phone (also with
 * its 55) as one text, accents and case ignored (contracts' `searchKey` folds a query the same way),
 * so "joao" finds João and 529.982.247-25, typed without its mask, finds the CPF. `translate` and
 * `lower` are immutable, so it is a stored generated column; a trigram GIN index (pg_trgm, created
 * by the administrator with the kit's shared tables) answers LIKE '%…%' on it without reading the
 * whole book (`npm run bench:search`: 50,000 contacts).
 */
const ACCENTED = 'ÁÀÂÃÄÅáàâãäåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕÖóòôõöÚÙÛÜúùûüÇçÑñÝýÿ';
const PLAIN = 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuCcNnYyy';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function search_key(value text) returns text language sql immutable parallel safe as $$
      select lower(translate(value, '${ACCENTED}', '${PLAIN}'))
    $$`);
  const parts = ['name', 'legal_name', 'trade_name', 'contact_person', 'email', 'cpf', 'cnpj', 'phone', "'55' || phone"];
  await knex.raw(
    `alter table contacts add column search_text text generated always as (search_key(${parts.map((part) => `coalesce(${part}, '')`).join(" || ' ' || ")})) stored`,
  );
  await knex.raw(`create index contacts_search_text on contacts using gin (search_text ${await trigramOpclass(knex)})`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists contacts_search_text');
  await knex.raw('alter table contacts drop column if exists search_text');
  await knex.raw('drop function if exists search_key(text)');
}
