import type { Knex } from 'knex';

/**
 * Onboarding's insurance types are the lines of contracts' lines.ts (#34): the one key that changed
 * is Responsabilidade Civil's ('responsabilidade' → 'responsabilidade_civil').
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    `update broker_profiles set insurance_types = array_replace(insurance_types, 'responsabilidade', 'responsabilidade_civil')
      where 'responsabilidade' = any(insurance_types)`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    `update broker_profiles set insurance_types = array_replace(insurance_types, 'responsabilidade_civil', 'responsabilidade')
      where 'responsabilidade_civil' = any(insurance_types)`,
  );
}
