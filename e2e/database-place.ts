import os from 'node:os';
import path from 'node:path';

/** The browser tests' default port, whose embedded PostgreSQL has always been on 54339. */
const DEFAULT_E2E_PORT = 3100;
const DEFAULT_PG_PORT = 54339;

/**
 * Where the browser tests' embedded PostgreSQL runs for the app on `port` (E2E_PORT): its port
 * and its folder follow the app's, so two checkouts (or a developer and CI) testing at once on
 * different E2E_PORTs never share a cluster.
 */
export function e2eDatabasePlace(port: number): { pgPort: number; dataDir: string } {
  const pgPort = DEFAULT_PG_PORT + port - DEFAULT_E2E_PORT;
  if (!Number.isInteger(port) || pgPort < 1024 || pgPort > 65535) {
    throw new Error(
      `E2E_PORT ${port} puts the tests' PostgreSQL on port ${pgPort}: choose an E2E_PORT between ${DEFAULT_E2E_PORT - (DEFAULT_PG_PORT - 1024)} and ${DEFAULT_E2E_PORT + 65535 - DEFAULT_PG_PORT}`,
    );
  }
  return { pgPort, dataDir: path.join(os.tmpdir(), `twinclean-e2e-${pgPort}`) };
}

/**
 * How Playwright starts the browser tests' server: node itself, not npx or tsx's CLI, which
 * relay the stop signal a second time — and a second SIGTERM ends the server at once, before it
 * has stopped PostgreSQL and removed its folder.
 */
export const E2E_SERVER_COMMAND = 'node --import tsx e2e/serve.ts';

/**
 * The e2e server's own database (e2e/serve.ts) for the app on `port`: a fresh one per port on
 * DATABASE_URL's server, else its embedded PostgreSQL (api/src/db/embedded.ts).
 */
export function e2eDatabaseUrl(port: number): string {
  if (!process.env.DATABASE_URL) {
    return `postgres://postgres:postgres@127.0.0.1:${e2eDatabasePlace(port).pgPort}/twinclean`;
  }
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${url.pathname.slice(1) || 'twinclean'}_e2e_${port}`;
  return url.toString();
}
