import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../db/seeds/demo-accounts';
import { seedDemoData } from '../../db/seeds/seed';
import { createMailer } from '../adapters/mailer';
import { verificationEmail } from '../modules/auth/emails';
import { bookingRow } from '../test/fixtures';
import { metricValue } from '../test/metric-values';
import { signedInClient } from '../test/people';
import { HOUR, insertAssignedJob, NEAR, providerClient } from '../test/punch-fixtures';
import { useSmtpCatcher } from '../test/smtp-catcher';
import { useTestDatabase } from '../test/test-database';
import { useTestServer } from '../test/test-server';
import { countOnCommit } from './counters';

const db = useTestDatabase();
const api = useTestServer(db, () => ({ trustProxy: true }));
const smtp = useSmtpCatcher();

beforeAll(async () => {
  await seedDemoData(db.knex);
});

const punches = (kind: string, outcome: string) =>
  metricValue('twinclean_punches_total', { kind, outcome });

/** Runs `act` and answers by how much each named reading grew meanwhile. */
async function growth<K extends string>(
  readings: Record<K, () => Promise<number>>,
  act: () => Promise<unknown>,
): Promise<Record<K, number>> {
  const names = Object.keys(readings) as K[];
  const before = await Promise.all(names.map((n) => readings[n]()));
  await act();
  const after = await Promise.all(names.map((n) => readings[n]()));
  return Object.fromEntries(names.map((n, i) => [n, (after[i] ?? 0) - (before[i] ?? 0)])) as Record<
    K,
    number
  >;
}

describe('punch outcomes', () => {
  const readings = {
    accepted: () => punches('clock_in', 'accepted'),
    flagged: () => punches('clock_in', 'flagged'),
    refused: () => punches('clock_in', 'refused'),
  };

  it('counts a clock-in once as accepted, however often the outbox replays it', async () => {
    const maria = await providerClient(api.url, demoAccounts.provider.email);
    const job = await insertAssignedJob(db.knex);
    const key = randomUUID();
    const counted = await growth(readings, async () => {
      for (let i = 0; i < 3; i++) {
        expect((await maria(`/api/provider/clock-in/${job}`, NEAR, key)).status).toBe(200);
      }
    });
    expect(counted).toEqual({ accepted: 1, flagged: 0, refused: 0 });
  });

  it('counts a refusal once, and a punch the rules flag as flagged', async () => {
    const maria = await providerClient(api.url, demoAccounts.provider.email);
    const job = await insertAssignedJob(db.knex);
    await maria(`/api/provider/clock-in/${job}`, NEAR, randomUUID());
    const again = randomUUID();
    const refused = await growth(readings, async () => {
      for (let i = 0; i < 2; i++) {
        const answer = await maria(`/api/provider/clock-in/${job}`, NEAR, again);
        expect(answer).toMatchObject({ status: 409, json: { code: 'already_clocked_in' } });
      }
    });
    expect(refused).toEqual({ accepted: 0, flagged: 0, refused: 1 });

    // A device clock three hours ahead: applied at the server's time, and flagged.
    const later = await insertAssignedJob(db.knex);
    const occurredAt = new Date(Date.now() + 3 * HOUR).toISOString();
    const flagged = await growth(readings, async () => {
      const answer = await maria(`/api/provider/clock-in/${later}`, { ...NEAR, occurredAt });
      expect(answer.status).toBe(200);
    });
    expect(flagged).toEqual({ accepted: 0, flagged: 1, refused: 0 });
  });
});

describe('payments and refunds', () => {
  it('counts a payment and its refund once, however often the payment is reported', async () => {
    const { id, call } = await signedInClient(db.knex, api.url);
    const [row] = await db
      .knex('bookings')
      .insert(bookingRow(new Date(Date.now() + 72 * HOUR), { clientId: id }))
      .returning('id');
    const intent = (await call('POST', `/api/bookings/${row.id}/create-payment-intent`, {})).json;
    // Canceled while the card form was open: the payment lands and is refunded in full.
    await db.knex('bookings').where({ id: row.id }).update({
      canceledAt: new Date(),
      cancellationReason: 'Canceled in another tab',
    });
    const counted = await growth(
      {
        payments: () => metricValue('twinclean_payments_recorded_total', { kind: 'full' }),
        refunds: () => metricValue('twinclean_refunds_made_total'),
      },
      async () => {
        const confirmed = await fetch(
          `${api.url}/api/local-gateway/intents/${intent.paymentIntentId}/confirm`,
          {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({
              clientSecret: intent.clientSecret,
              cardNumber: '4242424242424242',
              expiry: '12/40',
              cvc: '123',
            }),
          },
        );
        expect(confirmed.status).toBe(200);
        const report = { paymentIntentId: intent.paymentIntentId };
        for (let i = 0; i < 2; i++) {
          await call('POST', `/api/bookings/${row.id}/record-payment`, report);
        }
      },
    );
    expect(counted).toEqual({ payments: 1, refunds: 1 });
    const [payment] = await db.knex('payments').where({ bookingId: row.id, status: 'succeeded' });
    expect(await db.knex('refunds').where({ paymentId: payment.id })).toHaveLength(1);
  });

  it('counts nothing for a transaction that rolls back, savepoints included', async () => {
    const counts: string[] = [];
    await db.knex
      .transaction(async (trx) => {
        countOnCommit(trx, () => counts.push('outer'));
        await trx.transaction(async (inner) => countOnCommit(inner, () => counts.push('inner')));
        throw new Error('undone');
      })
      .catch(() => undefined);
    expect(counts).toEqual([]);
    await db.knex.transaction(async (trx) => {
      await trx.transaction(async (inner) => countOnCommit(inner, () => counts.push('inner')));
      expect(counts).toEqual([]);
    });
    expect(counts).toEqual(['inner']);
  });
});

describe('e-mails', () => {
  const logger = pino({ level: 'silent' });
  const from = 'TwinClean <test@twinclean.test>';
  const emails = (outcome: string) =>
    metricValue('twinclean_emails_total', { template: 'verify_email', outcome });

  it('counts each message sent over SMTP, failed, or only stored', async () => {
    const message = verificationEmail('counted@example.com', 'Cy', '123456');
    const counted = await growth(
      {
        sent: () => emails('sent'),
        failed: () => emails('failed'),
        stored: () => emails('stored'),
      },
      async () => {
        const smtpMailer = createMailer({ db: db.knex, logger, smtpUrl: smtp.url, from });
        const down = createMailer({ db: db.knex, logger, smtpUrl: 'smtp://127.0.0.1:1', from });
        const stored = createMailer({ db: db.knex, logger, from });
        expect(await smtpMailer.send(message)).toBe(true);
        expect(await smtpMailer.send(message)).toBe(true);
        expect(await down.send(message)).toBe(false);
        expect(await stored.send(message)).toBe(false);
      },
    );
    expect(counted).toEqual({ sent: 2, failed: 1, stored: 1 });
    expect(smtp.mails).toHaveLength(2);
  });
});
