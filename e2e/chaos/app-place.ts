import path from 'node:path';
import { repoRoot } from '../../api/src/config';
import { e2eDatabasePlace } from '../database-place';

/** Where e2e/serve.ts on `port` keeps its data: its database and its photo files. */
export type AppPlace = { port: number; databaseUrl: string; uploadsDir: string };

export function appPlace(port: number): AppPlace {
  const shared = process.env.DATABASE_URL;
  if (shared) {
    // As e2e/serve.ts names it: one database per port on DATABASE_URL's server.
    const url = new URL(shared);
    url.pathname = `/${url.pathname.slice(1) || 'twinclean'}_e2e_${port}`;
    const dataDir = process.env.DATA_DIR ?? path.join(repoRoot, '.data');
    return { port, databaseUrl: url.toString(), uploadsDir: path.join(dataDir, 'uploads') };
  }
  const { pgPort, dataDir } = e2eDatabasePlace(port);
  return {
    port,
    databaseUrl: `postgres://postgres:postgres@127.0.0.1:${pgPort}/twinclean`,
    uploadsDir: path.join(dataDir, 'uploads'),
  };
}

/** e2e/serve.ts's backstage (test-only) on the app's port + 1. */
export function backstage(port: number) {
  const base = `http://127.0.0.1:${port + 1}`;
  const post = async (pathAndQuery: string) => {
    const res = await fetch(`${base}${pathAndQuery}`, { method: 'POST' });
    if (!res.ok) throw new Error(`Backstage ${pathAndQuery} answered ${res.status}`);
    return res;
  };
  return {
    /** A fresh open house job on `date` at `time` (Chicago); its id. */
    openJob: async (date: string, time: string) =>
      ((await (await post(`/open-job?date=${date}&time=${time}`)).json()) as { id: string }).id,
    /** A new provider with no availability; their e-mail. */
    newProvider: async () => ((await (await post('/provider')).json()) as { email: string }).email,
    /** Moves a job to start within the hour, so a punch now is inside its window. */
    startSoon: async (bookingId: string) => {
      await post(`/start-soon?booking=${bookingId}`);
    },
  };
}
