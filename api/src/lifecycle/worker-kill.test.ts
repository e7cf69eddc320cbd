import { afterAll, describe, expect, it } from 'vitest';
import { queueMail } from '../adapters/mailer';
import { localGateway } from '../adapters/payments/local-gateway';
import { verificationEmail } from '../modules/auth/emails';
import { reconcileMoney } from '../modules/payments/reconcile';
import { CHARGE_LEASE_MS } from '../modules/subscriptions/renewals';
import { type AppProcess, startAppProcess, stopAppProcess, waitFor } from '../test/app-process';
import { bookingRow } from '../test/fixtures';
import { newMember } from '../test/members';
import { useSmtpCatcher } from '../test/smtp-catcher';
import { useTestDatabase } from '../test/test-database';
import { useTestServer } from '../test/test-server';

// A `worker` process SIGKILLed in the middle of a renewal run and of a balance-request tick,
// then another started: every charge is made once, every request asked and mailed once. The
// kill lands mid-run because the test holds a lock both runs' transactions need (a SHARE lock
// on outbound_emails: their e-mails are queued inside them), so each waits there when it dies.

const db = useTestDatabase();
const smtp = useSmtpCatcher();
// In this process only to make the member through the app's own sign-up and first payment.
const api = useTestServer(db, () => ({ trustProxy: true }));
const started: AppProcess[] = [];
const MINUTE = 60_000;

afterAll(async () => {
  await Promise.all(started.map(stopAppProcess));
}, 30_000);

const worker = async () => {
  const process = await startAppProcess('worker', {
    DATABASE_URL: db.url,
    CRON_CHECK_SECONDS: '1',
    SMTP_URL: smtp.url,
  });
  started.push(process);
  return process;
};

describe('the worker killed mid-run', () => {
  it('charges each renewal and asks each balance once, mailing each once, after a restart', async () => {
    const member = await newMember(db.knex, api.url);
    const sub = member.subscriptionId;
    await db
      .knex('subscriptions')
      .where({ id: sub })
      .update({ nextChargeAt: new Date(Date.now() - MINUTE) });
    const payer = `payer-${Date.now()}@example.com`;
    const [booking] = await db
      .knex('bookings')
      .insert(bookingRow(new Date(Date.now() + 20 * 3_600_000), { clientEmail: payer }))
      .returning('id');
    const month2 = () =>
      db
        .knex('localGatewayIntents')
        .whereRaw('metadata @> ?::jsonb', [JSON.stringify({ subscriptionId: sub, month: '2' })]);
    const caught = (to: string, subject: string) =>
      smtp.mails.filter((m) => m.to.includes(to) && m.raw.includes(subject));

    const holder = await db.knex.transaction();
    try {
      await holder.raw('LOCK TABLE outbound_emails IN SHARE MODE');
      const victim = await worker();
      // The renewal charged the card, then waits to record it; the balance tick waits to ask.
      await waitFor(async () => {
        const { rows } = await db.knex.raw(
          `SELECT 1 FROM pg_stat_activity WHERE datname = current_database()
           AND wait_event_type = 'Lock' AND query ILIKE '%outbound_emails%'`,
        );
        return rows.length >= 2;
      }, 100_000);
      expect(await month2()).toHaveLength(1);
      victim.child.kill('SIGKILL');
      expect(await victim.exited).toBe('SIGKILL');
    } finally {
      await holder.rollback();
    }
    // Died holding the renewal's claim; nothing of either run's transaction was kept.
    const claimed = await db.knex('subscriptions').where({ id: sub }).first();
    expect(claimed).toMatchObject({ paidMonths: 1 });
    expect(claimed.chargeClaimedAt).toBeInstanceOf(Date);
    expect(
      (await db.knex('bookings').where({ id: booking.id }).first()).balanceRequestedAt,
    ).toBeNull();
    // Its lease runs out (as if the restart came that much later).
    await db
      .knex('subscriptions')
      .where({ id: sub })
      .update({ chargeClaimedAt: new Date(claimed.chargeClaimedAt.getTime() - CHARGE_LEASE_MS) });

    // And a message whose process died right after committing it: the outbox sender's to send.
    const orphan = `orphan-${Date.now()}@example.com`;
    await db.knex.transaction((trx) => queueMail(trx, verificationEmail(orphan, 'Orla', '246810')));

    const successor = await worker();
    await waitFor(
      () =>
        caught(member.email, 'Receipt:').length > 0 &&
        caught(payer, 'Payment due').length > 0 &&
        caught(orphan, '246810').length > 0,
      100_000,
    );
    // A moment for anything doubled to show.
    await new Promise((resolve) => setTimeout(resolve, 2000));

    expect(await month2()).toHaveLength(1);
    const [intent] = await month2();
    const payments = await db
      .knex('payments')
      .where({ subscriptionId: sub, kind: 'subscription' })
      .orderBy('createdAt');
    expect(payments).toMatchObject([
      { status: 'succeeded' },
      { status: 'succeeded', gatewayPaymentId: intent.id },
    ]);
    expect(await db.knex('subscriptions').where({ id: sub }).first()).toMatchObject({
      status: 'active',
      paidMonths: 2,
      failedAttempts: 0,
      chargeClaimedAt: null,
    });
    expect(await db.knex('paymentLinks').where({ bookingId: booking.id })).toHaveLength(1);
    expect(caught(payer, 'Payment due')).toHaveLength(1);
    expect(caught(member.email, 'Receipt:')).toHaveLength(1);
    expect(caught(orphan, '246810')).toHaveLength(1);
    for (const template of ['payment_request', 'subscription_renewed']) {
      expect(await db.knex('outboundEmails').where({ template, status: 'sent' })).toHaveLength(1);
    }
    // The ledger and the gateway's own records agree: nothing charged that was not recorded.
    const period = { from: new Date(Date.now() - 60 * MINUTE), to: new Date(Date.now() + MINUTE) };
    const ledger = await reconcileMoney({ db: db.knex, gateway: localGateway(db.knex) }, period);
    expect(ledger.checked.payments).toBeGreaterThanOrEqual(2);
    expect(ledger.differences).toEqual([]);
    expect(await stopAppProcess(successor)).toBe(0);
  }, 240_000);
});
