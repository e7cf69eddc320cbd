import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import type { Mailer } from '../../adapters/mailer';
import { newUser } from '../../test/people';
import { insertAssignedJob, NEAR, providerClient } from '../../test/punch-fixtures';
import { type CaughtMail, catcherMailer, useSmtpCatcher } from '../../test/smtp-catcher';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { deliverDueMail } from '../mail-outbox/sender';

// The done update is the visit's completion e-mail (it replaced the one a pg-boss job sent after
// the commit): queued in the clock-out's transaction, so there is exactly one per visit.

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

const body = (mail: CaughtMail) =>
  mail.raw
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('\n')
    .replace(/=\r?\n/g, '');
async function mailTo(email: string, subject: string): Promise<CaughtMail> {
  for (let i = 0; i < 100; i += 1) {
    const mail = smtp.mails.find((m) => m.to.includes(email) && body(m).includes(subject));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail to ${email}`);
}

const DONE = 'How did we do?';
const doneMails = (email: string) =>
  smtp.mails.filter((m) => m.to.includes(email) && body(m).includes(DONE));

describe('the done e-mail (the completion e-mail)', () => {
  it('goes to the client after the clock-out, once, with rating, report and tip links that work', async () => {
    const email = `guest-${randomUUID()}@example.com`;
    const { id, punch } = await clockedInJob(email);
    const key = randomUUID();
    expect((await punch(`/api/provider/clock-out/${id}`, NEAR, key)).status).toBe(200);
    const text = body(await mailTo(email, DONE));
    expect(text).toContain('How did we do? Rate the visit from 1 to 5 stars');
    const token = /\/rate\/([0-9a-f-]{36}_[\w-]{43})/.exec(text)?.[1];
    expect(token).toBeDefined();
    const view = await fetch(`${api.url}/api/ratings/${token}`);
    expect(await view.json()).toMatchObject({ canRate: true, rating: null });
    const report = new RegExp(`/visit-report/(${id}_[\\w-]{43})`).exec(text)?.[1];
    expect(report).toBeDefined();
    expect(text).toContain(`/visit-report/${report}#tip`);
    expect(text).toContain('Add a tip');

    // A replay of the same punch answers as before and sends nothing more.
    expect((await punch(`/api/provider/clock-out/${id}`, NEAR, key)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(doneMails(email)).toHaveLength(1);
    expect(
      await db.knex('outbound_emails').where({ toAddress: email, template: 'visit_done' }),
    ).toHaveLength(1);
  });

  it('never makes a clock-out fail when the mailer is down, and the outbox sends it once it is back', async () => {
    const email = `guest-${randomUUID()}@example.com`;
    const { id, punch } = await clockedInJob(email);
    const working = mailer;
    let tried = 0;
    mailer = {
      transport: 'smtp',
      send: async () => {
        throw new Error('SMTP is down');
      },
      deliver: async () => {
        tried += 1;
        throw new Error('SMTP is down');
      },
    };
    try {
      const answer = await punch(`/api/provider/clock-out/${id}`, NEAR);
      expect(answer.status).toBe(200);
      expect(answer.json).toMatchObject({ ok: true, message: 'Clocked Out' });
      expect((await db.knex('bookings').where({ id }).first()).clockOutAt).not.toBeNull();
      await expect.poll(() => tried, { timeout: 10_000 }).toBe(1);
    } finally {
      mailer = working;
    }
    const [queued] = await db
      .knex('outbound_emails')
      .where({ toAddress: email, template: 'visit_done' });
    expect(queued.status).toBe('queued');
    // The worker's outbox sweep, once mail is back, sends it; a second sweep sends nothing more.
    await deliverDueMail({ db: db.knex, mailer });
    await deliverDueMail({ db: db.knex, mailer });
    expect(body(await mailTo(email, DONE))).toContain('How did we do?');
    expect(doneMails(email)).toHaveLength(1);
  });
});
