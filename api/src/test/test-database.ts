import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { Model } from 'objection';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { createKnex } from '../db/connection';
import { guardConnections, takeRefusals } from '../db/connection-guard';
import { takeOverlappingQueries, watchOverlappingQueries } from '../db/overlapping-queries';
import { databaseUrl } from './database-url';

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('databaseServerUrl') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh database for this test file: a copy of the migrated template, or empty. */
export function useTestDatabase(options: { empty?: boolean } = {}) {
  const handle = { knex: undefined as unknown as Knex, url: '' };
  let name = '';
  beforeAll(async () => {
    name = `${inject('testDatabasePrefix')}${randomBytes(6).toString('hex')}`;
    const template = options.empty ? 'template0' : inject('templateDatabase');
    await admin((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
    handle.url = databaseUrl(inject('databaseServerUrl'), name);
    handle.knex = createKnex(handle.url);
    guardConnections(handle.knex);
    watchOverlappingQueries();
    Model.knex(handle.knex);
  });
  // A refusal the code under test swallowed (a logged .catch) still fails the test it happened in,
  // and so do queries a transaction ran at once (pg only warns about them, once per process).
  afterEach(() => {
    const found = [...takeRefusals(), ...takeOverlappingQueries()];
    if (found.length > 0) throw found[0];
  });
  afterAll(async () => {
    const found = [...takeRefusals(), ...takeOverlappingQueries()];
    await handle.knex?.destroy();
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    if (found.length > 0) throw found[0];
  });
  return handle;
}
