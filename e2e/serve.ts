// The built app on its own database for the browser tests: a fresh database on DATABASE_URL's
// server, or a throwaway embedded PostgreSQL.
import { rmSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startServer } from '../api/src/server';

if (process.env.DATABASE_URL) {
  const url = new URL(process.env.DATABASE_URL);
  const name = `${url.pathname.slice(1) || 'twinclean'}_e2e`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  await admin.end();
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
} else {
  // One directory per port, cleared at start: Playwright may stop this process before any
  // exit hook runs, and the next run must not find (or pile up) an old cluster.
  process.env.EMBEDDED_PG_PORT ??= '54339';
  const dataDir = path.join(os.tmpdir(), `twinclean-e2e-${process.env.EMBEDDED_PG_PORT}`);
  rmSync(dataDir, { recursive: true, force: true });
  await mkdir(dataDir);
  // As root, PostgreSQL runs as its own user and must be able to enter this directory.
  await chmod(dataDir, 0o755);
  process.env.DATA_DIR = dataDir;
  process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
}
await startServer();
