// Runs the weekly payouts for one week now, whatever the schedule (README "Weekly payouts"): for
// an operator after the workers were down past the day's window, or to pay a week early.
//
//   npm run payouts:run                         the week before this one (America/Chicago)
//   npm run payouts:run -- --week 2026-11-16    the week starting that Monday
//   docker compose run --rm worker npm run payouts:run
//
// Safe to run again or beside the workers: each provider-week is claimed and sent once.
// Exit 0: done (the figures on stdout). 1: failed. 2: bad arguments.
import { addDays, chicagoDate } from '@twinclean/shared/schedule';
import pino from 'pino';
import { createPaymentGateway } from '../adapters/payments/create-gateway';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { prepareDatabase } from '../db/prepare';
import { createLogger } from '../logger';
import { isMonday, mondayOf, weekBounds } from '../modules/payout-transfers/week-schedule';
import { runWeekNow } from '../modules/payout-transfers/weekly-run';

const USAGE = 'Usage: npm run payouts:run [-- --week YYYY-MM-DD (a Monday)]';

/** The week asked for, the week before this one by default; null when the arguments are wrong. */
export function weekOf(argv: string[], now = new Date()): string | null {
  if (argv.length === 0) return addDays(mondayOf(chicagoDate(now)), -7);
  const [flag, week, ...rest] = argv;
  if (flag !== '--week' || !week || rest.length > 0 || !isMonday(week)) return null;
  // A week not over yet would be claimed for good, its later payouts waiting a week more.
  return weekBounds(week).to.getTime() <= now.getTime() ? week : null;
}

async function main(argv: string[]): Promise<number> {
  const weekStart = weekOf(argv);
  if (!weekStart) {
    console.error(`Give the Monday of a week that has ended, like --week 2026-11-16.\n\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL, pino.destination({ dest: 2, sync: true }));
  const db = await openDatabase(config, (line) => logger.debug({ postgres: line }));
  try {
    await prepareDatabase(db.knex, db.url, { seedDemo: false, logger });
    const gateway = createPaymentGateway(config, db.knex);
    const result = await runWeekNow({ db: db.knex, gateway, logger }, weekStart);
    console.log(
      `Week of ${weekStart}: ${result.claimed} transfer(s) claimed, ${result.sent} sent, ${result.failed} refused (retried by the workers).`,
    );
    return 0;
  } finally {
    await db.close();
  }
}

if (process.argv[1]?.endsWith('run-payouts.ts')) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
