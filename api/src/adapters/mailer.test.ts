import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationEmail } from '../modules/auth/emails';
import { type CaughtMail, codeIn, startSmtpCatcher } from '../test/smtp-catcher';
import { useTestDatabase } from '../test/test-database';
import { useTestServer } from '../test/test-server';
import { createMailer, GIVE_UP_MS, queueMail } from './mailer';

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
    // The Message-ID is the row's: a resend after a crash is recognisably the same message.
    expect(mail.raw).toContain(`Message-ID: <${row.id}@twinclean.test>`);
  });

  it('keeps a message SMTP refused, to try again a minute on; one told of the failure is failed', async () => {
    const mailer = createMailer({ db: db.knex, logger, smtpUrl: 'smtp://127.0.0.1:1', from });
    const before = Date.now();
    expect(await mailer.send(verificationEmail('down@example.com', 'Dee', '111222'))).toBe(false);
    const row = await db.knex('outboundEmails').where({ toAddress: 'down@example.com' }).first();
    expect(row).toMatchObject({ transport: 'smtp', status: 'queued', attempts: 1 });
    expect(row.error).toMatch(/ECONNREFUSED|connect/i);
    expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 60_000);

    const told = verificationEmail('told@example.com', 'Tod', '333444');
    expect(await mailer.send(told, { retry: false })).toBe(false);
    const failed = await db.knex('outboundEmails').where({ toAddress: 'told@example.com' }).first();
    expect(failed).toMatchObject({ transport: 'smtp', status: 'failed', nextAttemptAt: null });
  });
});

describe('the outbox', () => {
  const mailer = () => createMailer({ db: db.knex, logger, smtpUrl: smtp.url, from });
  const rows = (to: string) => db.knex('outboundEmails').where({ toAddress: to });
  const caught = (to: string) => smtp.mails.filter((m) => m.to.includes(to));

  it('queues a message only if its transaction commits', async () => {
    await db.knex
      .transaction(async (trx) => {
        await queueMail(trx, verificationEmail('undone@example.com', 'Una', '555666'));
        throw new Error('the cause failed');
      })
      .catch(() => {});
    expect(await rows('undone@example.com')).toEqual([]);
    const id = await db.knex.transaction((trx) =>
      queueMail(trx, verificationEmail('done@example.com', 'Don', '777888')),
    );
    expect(await rows('done@example.com')).toMatchObject([
      { id, status: 'queued', transport: null, attempts: 0 },
    ]);
  });

  it('delivers a queued message once however many processes try it at once, with its row id as Message-ID', async () => {
    const id = await db.knex.transaction((trx) =>
      queueMail(trx, {
        ...verificationEmail('once@example.com', 'Onc', '121212'),
        replyTo: 'help@twinclean.test',
        headers: { 'X-Kept': 'yes' },
      }),
    );
    const senders = Array.from({ length: 5 }, mailer);
    const results = await Promise.all(senders.map((m) => m.deliver(id)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await mailer().deliver(id)).toBe(false);
    const [mail, ...more] = caught('once@example.com');
    expect(more).toEqual([]);
    expect(mail?.raw).toContain(`Message-ID: <${id}@twinclean.test>`);
    expect(mail?.raw).toContain('Reply-To: help@twinclean.test');
    expect(mail?.raw).toContain('X-Kept: yes');
    expect(await rows('once@example.com')).toMatchObject([
      {
        status: 'sent',
        transport: 'smtp',
        attempts: 1,
        providerMessageId: `<${id}@twinclean.test>`,
      },
    ]);
  });

  it('gives a message up as failed after three days of refusals', async () => {
    const down = createMailer({ db: db.knex, logger, smtpUrl: 'smtp://127.0.0.1:1', from });
    await down.send(verificationEmail('late@example.com', 'Lat', '989898'));
    const [row] = await rows('late@example.com');
    expect(await down.deliver(row.id, new Date(row.createdAt.getTime() + GIVE_UP_MS / 2))).toBe(
      false,
    );
    expect(await rows('late@example.com')).toMatchObject([{ status: 'queued', attempts: 2 }]);
    await down.deliver(row.id, new Date(row.createdAt.getTime() + GIVE_UP_MS + 60_000));
    expect(await rows('late@example.com')).toMatchObject([
      { status: 'failed', attempts: 3, nextAttemptAt: null },
    ]);
  });

  it('keeps a queued message as stored without SMTP_URL, as send does', async () => {
    const stored = createMailer({ db: db.knex, logger, from });
    const id = await db.knex.transaction((trx) =>
      queueMail(trx, verificationEmail('laptop@example.com', 'Lap', '454545')),
    );
    expect(await stored.deliver(id)).toBe(false);
    expect(await stored.send(verificationEmail('laptop2@example.com', 'Lap', '464646'))).toBe(
      false,
    );
    for (const to of ['laptop@example.com', 'laptop2@example.com']) {
      expect(await rows(to)).toMatchObject([{ status: 'stored', transport: 'stored' }]);
    }
  });
});

describe('a sealed message (a gift card’s code)', () => {
  // Its subject names no code, as a gift card's does not.
  const secret = (to: string) => ({
    ...verificationEmail(to, 'Sam', '777000'),
    subject: 'A gift for you',
    template: 'gift_card_delivery',
    sealed: true,
  });

  it('waits sealed in the outbox and leaves opened, and is never given up', async () => {
    const down = createMailer({ db: db.knex, logger, smtpUrl: 'smtp://127.0.0.1:1', from });
    const id = await db.knex.transaction((trx) => queueMail(trx, secret('sam@example.com')));
    const [row] = await db.knex('outboundEmails').where({ id });
    expect(row.sealed).toBe(true);
    expect(JSON.stringify(row)).not.toContain('777000');
    // A week undelivered: still tried, as the code is good for as long as the card.
    await down.deliver(id, new Date(row.createdAt.getTime() + 2 * GIVE_UP_MS));
    expect(await db.knex('outboundEmails').where({ id }).first()).toMatchObject({
      status: 'queued',
      attempts: 1,
    });
    await db
      .knex('outboundEmails')
      .where({ id })
      .update({ nextAttemptAt: new Date(0) });
    const up = createMailer({ db: db.knex, logger, smtpUrl: smtp.url, from });
    expect(await up.deliver(id)).toBe(true);
    const mail = smtp.mails.find((m) => m.to.includes('sam@example.com')) as CaughtMail;
    expect(codeIn(mail)).toBe('777000');
  });

  it('keeps its secret out of the log when stored without SMTP_URL', async () => {
    const lines: string[] = [];
    const capture = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    const stored = createMailer({ db: db.knex, logger: capture, from });
    await stored.send(secret('quiet@example.com'));
    expect(lines.join('')).toContain('e-mail stored (no SMTP_URL)');
    expect(lines.join('')).not.toContain('777000');
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
