// npm start: build what is not built, then run everything on one port.
import { startServer } from '../api/src/server';
import { buildStaleApps } from './build-apps';

try {
  await buildStaleApps();
  await startServer();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
