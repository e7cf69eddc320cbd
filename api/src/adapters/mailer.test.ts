import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationEmail } from '../modules/auth/emails';
import { type CaughtMail, codeIn, startSmtpCatcher } from '../test/smtp-catcher';
import { useTestDatabase } from '../test/test-database';
import { useTestServer } from '../test/test-server';
import { createMailer } from './mailer';

const db = useTestDatabase();
let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
});
afterAll(() => smtp.close());

const logger = pino({ level: 'silent' });
const from = 'TwinClean <hello@twinclean.test>';

describe('SMTP mailer', () => {
  it('delivers text and HTML over real SMTP and records the message as sent', async () => {
    const mailer = createMailer({ db: db.knex, logger, smtpUrl: smtp.url, from });
    expect(mailer.transport).toBe('smtp');
    const sent = await mailer.send(verificationEmail('ada@example.com', 'Ada', '493027'));
    expect(sent).toBe(true);
    const mail = smtp.mails.at(-1) as CaughtMail;
    expect(mail.to).toEqual(['ada@example.com']);
    expect(mail.from).toBe('hello@twinclean.test');
    expect(mail.raw).toContain('Subject: 493027 is your TwinClean verification code');
    expect(mail.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail.raw).toMatch(/Content-Type: text\/html/i);
    expect(codeIn(mail)).toBe('493027');
    const row = await db.knex('outboundEmails').where({ toAddress: 'ada@example.com' }).first();
    expect(row).toMatchObject({ transport: 'smtp', status: 'sent', template: 'verify_email' });
  });

  it('reports a failed delivery without throwing, and records it', async () => {
    const mailer = createMailer({ db: db.knex, logger, smtpUrl: 'smtp://127.0.0.1:1', from });
    expect(await mailer.send(verificationEmail('down@example.com', 'Dee', '111222'))).toBe(false);
    const row = await db.knex('outboundEmails').where({ toAddress: 'down@example.com' }).first();
    expect(row).toMatchObject({ transport: 'smtp', status: 'failed' });
    expect(row.error).toMatch(/ECONNREFUSED|connect/i);
  });
});

describe('signup through SMTP', () => {
  const api = useTestServer(db, () => ({
    mailer: createMailer({ db: db.knex, logger, smtpUrl: smtp.url, from }),
  }));

  it('says the e-mail was sent, shows no code, and the e-mailed code verifies the account', async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${api.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const res = await post('/api/auth/signup', {
      email: 'smtp.user@example.com',
      password: 'correct horse battery',
      firstName: 'Sam',
      lastName: 'Tp',
    });
    expect(await res.json()).toEqual({
      message: 'Please check your email for a verification code.',
      emailSent: true,
    });
    const mail = smtp.mails.find((m) => m.to.includes('smtp.user@example.com'));
    const verified = await post('/api/auth/verify-email', {
      email: 'smtp.user@example.com',
      code: codeIn(mail),
    });
    expect(verified.status).toBe(200);
  });
});

describe('production without a mailer', () => {
  const api = useTestServer(db, () => ({ exposeUndeliveredCodes: false }));

  it('never puts the code in the response', async () => {
    const res = await fetch(`${api.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        email: 'prod@example.com',
        password: 'correct horse battery',
        firstName: 'P',
        lastName: 'Rod',
      }),
    });
    expect(await res.json()).toEqual({
      message: 'The email service is unavailable.',
      emailSent: false,
    });
  });
});
