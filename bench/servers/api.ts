// The real app, as `npm start` runs it, minus the front ends.
import pino from 'pino';
import { createMailer } from '../../api/src/adapters/mailer';
import { createApp } from '../../api/src/app';
import { createKnex } from '../../api/src/db/connection';

const db = createKnex(process.env.DATABASE_URL as string);
const logger = pino({ level: 'warn' });
const app = createApp({
  db,
  logger,
  sessionKeys: ['bench-session-key'],
  mailer: createMailer({ db, logger, from: 'bench@twinclean.test' }),
  exposeUndeliveredCodes: false,
});
app.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));

// Exit normally on SIGTERM so profilers (--cpu-prof) can write their output.
process.on('SIGTERM', () => process.exit(0));
