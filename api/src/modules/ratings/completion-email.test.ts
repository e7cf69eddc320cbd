import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import type { Mailer } from '../../adapters/mailer';
import { paymentDepsOf } from '../../app';
import { newUser } from '../../test/people';
import { insertAssignedJob, NEAR, providerClient } from '../../test/punch-fixtures';
import { type CaughtMail, catcherMailer, useSmtpCatcher } from '../../test/smtp-catcher';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { startVisitCompleteEmails, VISIT_COMPLETE_QUEUE } from './completion-email';

const db = useTestDatabase();
const smtp = useSmtpCatcher();

/** The mailer of the app under test: SMTP to the catcher, or one that is down. */
let mailer: Mailer;
const api = useTestServer(db, () => ({
  trustProxy: true,
  mailer: {
    get transport() {
      return mailer.transport;
    },
    send: (message, options) => mailer.send(message, options),
    deliver: (id, now) => mailer.deliver(id, now),
  },
}));
beforeAll(async () => {
  await seedDemoData(db.knex);
  mailer = catcherMailer(db.knex, smtp);
  await startVisitCompleteEmails(paymentDepsOf(api.deps));
});

/** A fresh provider's job for a guest at `email`, clocked in. */
async function clockedInJob(email: string) {
  const provider = await newUser(db.knex, 'provider');
  const punch = await providerClient(api.url, provider.email);
  const id = await insertAssignedJob(db.knex, { providerId: provider.id });
  await db.knex('bookings').where({ id }).update({ clientEmail: email });
  expect((await punch(`/api/provider/clock-in/${id}`, NEAR)).status).toBe(200);
  return { id, punch };
}

async function mailTo(email: string): Promise<CaughtMail> {
  for (let i = 0; i < 100; i += 1) {
    const mail = smtp.mails.find((m) => m.to.includes(email));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail to ${email}`);
}

const body = (mail: CaughtMail) =>
  mail.raw
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n')
    .replace(/=\r?\n/g, '');

describe('the visit-complete e-mail', () => {
  it('goes to the client after the clock-out, once, with a rating link that works', async () => {
    const email = `guest-${randomUUID()}@example.com`;
    const { id, punch } = await clockedInJob(email);
    const key = randomUUID();
    expect((await punch(`/api/provider/clock-out/${id}`, NEAR, key)).status).toBe(200);
    const mail = await mailTo(email);
    expect(body(mail)).toContain('How did we do? Rate the visit from 1 to 5 stars');
    const token = /\/rate\/([0-9a-f-]{36}_[\w-]{43})/.exec(body(mail))?.[1];
    expect(token).toBeDefined();
    const view = await fetch(`${api.url}/api/ratings/${token}`);
    expect(await view.json()).toMatchObject({ canRate: true, rating: null });

    // A replay of the same punch answers as before and sends nothing more.
    expect((await punch(`/api/provider/clock-out/${id}`, NEAR, key)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mails.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it('never makes a clock-out fail when the mailer is down, and is sent once it is back', async () => {
    const email = `guest-${randomUUID()}@example.com`;
    const { id, punch } = await clockedInJob(email);
    const working = mailer;
    let tried = 0;
    mailer = {
      transport: 'smtp',
      send: async () => {
        tried += 1;
        throw new Error('SMTP is down');
      },
      deliver: async () => false,
    };
    try {
      const answer = await punch(`/api/provider/clock-out/${id}`, NEAR);
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({ ok: true, message: 'Clocked Out' });
      expect((await db.knex('bookings').where({ id }).first()).clockOutAt).not.toBeNull();
      expect(await db.knex('payouts').where({ bookingId: id })).toHaveLength(1);
      await expect.poll(() => tried, { timeout: 10_000 }).toBe(1);
    } finally {
      mailer = working;
    }
    // The failed send waits for its retry, a minute on: let that minute pass.
    const retry = () =>
      db
        .knex('pgboss.job')
        .where({ name: VISIT_COMPLETE_QUEUE, state: 'retry' })
        .whereRaw("data->>'bookingId' = ?", [id]);
    await expect.poll(async () => (await retry()).length, { timeout: 10_000 }).toBe(1);
    const [due] = await retry().select(
      db.knex.raw('extract(epoch FROM start_after - now())::int AS wait'),
    );
    expect(due.wait).toBeGreaterThan(30);
    await retry().update({ startAfter: db.knex.fn.now() });
    expect(body(await mailTo(email))).toContain('How did we do?');
    expect(tried).toBe(1);
  });
});
