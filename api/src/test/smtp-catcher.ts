import type { AddressInfo } from 'node:net';
import type { Knex } from 'knex';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { createMailer, type Mailer } from '../adapters/mailer';

export type CaughtMail = { from: string; to: string[]; raw: string };

/**
 * A real SMTP server on a free local port that keeps what it receives. `stop` takes it down (a
 * connection is then refused, as from a mail server that is down) and `restart` brings it back
 * on the same port, keeping what it caught.
 */
export async function startSmtpCatcher(): Promise<{
  url: string;
  mails: CaughtMail[];
  close: () => Promise<void>;
  stop: () => Promise<void>;
  restart: () => Promise<void>;
}> {
  const mails: CaughtMail[] = [];
  const listen = async (port: number) => {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        let raw = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk: string) => {
          raw += chunk;
        });
        stream.on('end', () => {
          mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    return server;
  };
  let server: SMTPServer | undefined = await listen(0);
  const { port } = server.server.address() as AddressInfo;
  const stop = async () => {
    const running = server;
    server = undefined;
    if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
  };
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: stop,
    stop,
    async restart() {
      server ??= await listen(port);
    },
  };
}

type SmtpCatcher = Awaited<ReturnType<typeof startSmtpCatcher>>;

/** A catcher for the test file: started before its tests, closed after; read `mails` at use. */
export function useSmtpCatcher(): SmtpCatcher {
  const idle = async () => {};
  const handle: SmtpCatcher = { url: '', mails: [], close: idle, stop: idle, restart: idle };
  beforeAll(async () => {
    Object.assign(handle, await startSmtpCatcher());
  });
  afterAll(() => handle.close());
  return handle;
}

/** The app's real mailer, delivering over SMTP to the catcher. */
export const catcherMailer = (db: Knex, smtp: SmtpCatcher): Mailer =>
  createMailer({
    db,
    logger: pino({ level: 'silent' }),
    smtpUrl: smtp.url,
    from: 'TwinClean <test@twinclean.test>',
  });

/** The 6-digit code in a received message (quoted-printable keeps digits as they are). */
export function codeIn(mail: CaughtMail | undefined): string {
  const code = /\b(\d{6})\b/.exec(
    mail?.raw
      .split(/\r?\n\r?\n/)
      .slice(1)
      .join('\n') ?? '',
  )?.[1];
  if (!code) throw new Error('no 6-digit code in the message');
  return code;
}
