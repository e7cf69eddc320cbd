import knex, { type Knex } from 'knex';
import { knexSnakeCaseMappers } from 'objection';
import pg from 'pg';
import { migrationSource } from './migration-source';
import { markDatabaseErrors } from './unreachable';

// Dates stay 'YYYY-MM-DD' (no time zone shift); numerics (hours, ratings) become numbers,
// money is integer cents already; bigint ids and counts fit in a double.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
pg.types.setTypeParser(pg.types.builtins.NUMERIC, Number);
pg.types.setTypeParser(pg.types.builtins.INT8, Number);

const CONNECT_TIMEOUT_MS = 5_000;

export function knexConfig(connection: string): Knex.Config {
  return {
    client: 'pg',
    // A server that takes the connection and never answers (a failover under way, a dropped
    // route) fails it after this, as unreachable, instead of holding the request for knex's
    // 60 s wait for a pooled connection: the phone gives up on a punch after 30 s.
    connection: { connectionString: connection, connectionTimeoutMillis: CONNECT_TIMEOUT_MS },
    pool: { min: 0, max: 10 },
    migrations: { migrationSource },
    // Columns are snake_case in PostgreSQL and camelCase everywhere in TypeScript.
    ...knexSnakeCaseMappers(),
  };
}

export function createKnex(connection: string): Knex {
  const db = knex(knexConfig(connection));
  markDatabaseErrors(db);
  return db;
}
