import knex, { type Knex } from 'knex';
import { knexSnakeCaseMappers } from 'objection';
import pg from 'pg';
import { migrationSource } from './migration-source';

// Dates stay 'YYYY-MM-DD' (no time zone shift); numerics (hours, ratings) become numbers,
// money is integer cents already; bigint ids and counts fit in a double.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, Number);
pg.types.setTypeParser(pg.types.builtins.INT8, Number);

export function knexConfig(connection: string): Knex.Config {
  return {
    client: 'pg',
    connection,
    pool: { min: 0, max: 10 },
    migrations: { migrationSource },
    // Columns are snake_case in PostgreSQL and camelCase everywhere in TypeScript.
    ...knexSnakeCaseMappers(),
  };
}

export function createKnex(connection: string): Knex {
  return knex(knexConfig(connection));
}
