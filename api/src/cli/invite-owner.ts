// Creates the first owner of a fresh deployment (production loads no demo accounts):
//
//   node --import tsx api/src/cli/invite-owner.ts --email owner@company.com --first-name Ada --last-name Lovelace
//   docker compose run --rm worker node --import tsx api/src/cli/invite-owner.ts …   (the compose stack)
//
// Exit 0: invited. 1: refused (an owner exists, the address is taken) or failed. 2: bad arguments.
// The work is in ./first-owner.ts; this file only wires the app's config, database and mailer.
import pino from 'pino';
import { createMailer } from '../adapters/mailer';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { prepareDatabase } from '../db/prepare';
import { createLogger } from '../logger';
import { describeInvitation, inviteFirstOwner } from './first-owner';
import { parseOwnerArgs, USAGE } from './invite-owner-args';

async function main(argv: string[]): Promise<number> {
  const args = parseOwnerArgs(argv);
  if (args.kind === 'help') {
    console.log(USAGE);
    return 0;
  }
  if (args.kind === 'invalid') {
    console.error(`${args.problems.join('\n')}\n\n${USAGE}`);
    return 2;
  }
  const config = loadConfig();
  // Log lines go to stderr, so stdout carries only the answer; synchronous, so none is lost at exit.
  const logger = createLogger(config.LOG_LEVEL, pino.destination({ dest: 2, sync: true }));
  const db = await openDatabase(config, (line) => logger.debug({ postgres: line }));
  try {
    // As the server starts, minus the demo data: a first owner belongs in an otherwise empty
    // database, and demo accounts (one of them an owner) share a published password.
    await prepareDatabase(db.knex, db.url, { seedDemo: false, logger });
    const mailer = createMailer({
      db: db.knex,
      logger,
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
    });
    const siteUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
    const result = await inviteFirstOwner({ db: db.knex, mailer, siteUrl }, args.owner);
    console.log(
      describeInvitation(result, {
        transport: mailer.transport,
        production: config.NODE_ENV === 'production',
        siteUrl,
      }),
    );
    return 0;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    // Refusals (AppError) and an invalid environment carry a message meant for a person.
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
