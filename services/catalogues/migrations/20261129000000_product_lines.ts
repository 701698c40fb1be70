import type { Knex } from 'knex';

/**
 * Every product has a line (#34 item 2), a key of contracts' lines.ts: products.line replaces
 * products.policy_type (the type is derived from the line on the wire). An existing product takes
 * the line its name says (Seguro Saúde → saude, RC Profissional → responsabilidade_civil), else its
 * policy type's (auto, home → residencial, life → vida, business → empresarial), else empresarial,
 * as issuing assumed. The words are written out here: a migration never changes.
 */
const ACCENTS = ['áàâãäéèêëíìîïóòôõöúùûüç', 'aaaaaeeeeiiiiooooouuuuc'];
const BY_NAME: [string, string][] = [
  ['\\m(acidentes? pessoa(l|is)|ap)\\M', 'acidentes_pessoais'],
  ['\\m(odonto|odontologico|dental)\\M', 'odonto'],
  ['\\m(saude|medico|hospitalar)\\M', 'saude'],
  ['\\m(viagem|travel)\\M', 'viagem'],
  ['\\m(pet|pets|animal|animais)\\M', 'pet'],
  ['\\m(condominio|condominios)\\M', 'condominio'],
  ['\\m(rc|responsabilidade)\\M', 'responsabilidade_civil'],
  ['\\m(garantia|fianca)\\M', 'garantia'],
  ['\\m(transportes?|cargas?)\\M', 'transportes'],
  ['\\m(rural|agricola|pecuario|safra)\\M', 'rural'],
  ['\\m(equipamentos?|eletronicos?)\\M', 'equipamentos'],
  ['\\m(auto|automovel|veiculos?|carro|moto|frota)\\M', 'auto'],
  ['\\m(residencial|residencia|casa|apartamento)\\M', 'residencial'],
  ['\\m(vida|prestamista|funeral)\\M', 'vida'],
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('products', (table) => {
    table.string('line', 30);
  });
  const name = `translate(lower(name), '${ACCENTS[0]}', '${ACCENTS[1]}')`;
  await knex.raw(
    `update products set line = case
       ${BY_NAME.map(() => `when ${name} ~ ? then ?`).join('\n       ')}
       when policy_type = 'auto' then 'auto' when policy_type = 'home' then 'residencial' when policy_type = 'life' then 'vida'
       else 'empresarial' end`,
    BY_NAME.flat(),
  );
  await knex.raw('alter table products alter column line set not null');
  await knex.schema.alterTable('products', (table) => {
    table.dropColumn('policy_type');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('products', (table) => {
    table.string('policy_type', 20);
  });
  await knex.raw(
    `update products set policy_type = case when line = 'auto' then 'auto' when line in ('residencial', 'condominio', 'pet') then 'home'
       when line in ('vida', 'acidentes_pessoais', 'viagem', 'saude', 'odonto') then 'life' else 'business' end`,
  );
  await knex.schema.alterTable('products', (table) => {
    table.dropColumn('line');
  });
}
