import type { Knex } from 'knex';

/**
 * A secret the app makes for itself on first start and keeps in app_secrets, so every API
 * process shares it. Two processes starting at once: the first insert wins and both read it.
 */
export async function storedSecret(
  knex: Knex,
  key: string,
  generate: () => unknown,
): Promise<unknown> {
  await knex('app_secrets')
    .insert({ key, value: JSON.stringify(generate()) })
    .onConflict('key')
    .ignore();
  const row = await knex('app_secrets').first('value').where({ key });
  return row?.value;
}
