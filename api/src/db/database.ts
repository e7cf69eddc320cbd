import path from 'node:path';
import type { Knex } from 'knex';
import type { Config } from '../config';
import { createKnex } from './connection';
import { startEmbeddedPostgres } from './embedded';

export type Database = { knex: Knex; url: string; embedded: boolean; close: () => Promise<void> };

/** DATABASE_URL when set; otherwise the embedded PostgreSQL in DATA_DIR/postgres. */
export async function openDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'EMBEDDED_PG_PORT'>,
  log?: (line: string) => void,
): Promise<Database> {
  const embedded = config.DATABASE_URL
    ? undefined
    : await startEmbeddedPostgres({
        dataDir: path.join(config.DATA_DIR, 'postgres'),
        port: config.EMBEDDED_PG_PORT,
        database: 'twinclean',
        log,
      });
  const url = config.DATABASE_URL ?? (embedded as { url: string }).url;
  const knex = createKnex(url);
  return {
    knex,
    url,
    embedded: Boolean(embedded),
    close: async () => {
      await knex.destroy();
      await embedded?.stop();
    },
  };
}
