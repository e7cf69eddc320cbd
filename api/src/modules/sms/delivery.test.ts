import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { queueText, TEXT_LEASE_MS } from '../../adapters/sms';
import { twilioMessages } from '../../adapters/sms-twilio';
import { pgBossQueue } from '../../jobs/queue';
import { OutboundText } from '../../models/outbound-text';
import { useTestDatabase } from '../../test/test-database';
import { useTwilioStandIn } from '../../test/twilio-stand-in';
import { deliverDueTexts, startTextOutbox, TEXT_OUTBOX_QUEUE } from './sender';

const db = useTestDatabase();
const stand = useTwilioStandIn(db);
const MINUTE = 60_000;
const FROM = '+16125550100';

let n = 0;
/** A number of this test's own, so the stand-in's lists are per test. */
const nextNumber = () => {
  n += 1;
  return `+1612555${String(2000 + n).padStart(4, '0')}`;
};

async function queued(to: string, body = `TwinClean: Ana is on the way. https://x.test/r/${to}`) {
  const id = await db.knex.transaction((trx) =>
    queueText(trx, { to, template: 'on_my_way', body }),
  );
  if (!id) throw new Error('not queued');
  return id;
}
const row = (id: string) => OutboundText.query(db.knex).findById(id).throwIfNotFound();
const sweep = (at: Date) => deliverDueTexts({ db: db.knex, sms: stand.sms }, at);
const later = (ms: number) => new Date(Date.now() + ms);

describe('texts through Twilio (its stand-in)', () => {
  it('sends a queued text once, from our number with our account, and records its SID', async () => {
    const to = nextNumber();
    const id = await queued(to, 'TwinClean: Ana arrived at 10:42 AM.');
    expect(stand.sms.transport).toBe('twilio');
    expect(await stand.sms.deliver(id)).toBe(true);
    const [message] = stand.twilio.to(to);
    expect(message).toMatchObject({ from: FROM, body: 'TwinClean: Ana arrived at 10:42 AM.' });
    expect(await row(id)).toMatchObject({
      status: 'sent',
      transport: 'twilio',
      attempts: 1,
      providerMessageId: message?.sid,
      nextAttemptAt: null,
    });
    // Delivered again, by this process or any sweep, it is not sent again.
    expect(await stand.sms.deliver(id)).toBe(false);
    expect(await sweep(later(60 * MINUTE))).toBe(0);
    expect(stand.twilio.to(to)).toHaveLength(1);
  });

  it('a message Twilio took but whose answer was lost is found, not sent again', async () => {
    const to = nextNumber();
    const id = await queued(to);
    stand.twilio.dropNextAnswers(1);
    expect(await stand.sms.deliver(id)).toBe(false);
    const waiting = await row(id);
    expect(waiting).toMatchObject({ status: 'queued', attempts: 1 });
    expect(waiting.error).toMatch(/No answer from Twilio/);
    // Not before its backoff.
    expect(await sweep(later(30_000))).toBe(0);
    expect(await sweep(later(2 * MINUTE))).toBe(1);
    const [message, ...more] = stand.twilio.to(to);
    expect(more).toEqual([]);
    expect(await row(id)).toMatchObject({
      status: 'sent',
      attempts: 2,
      providerMessageId: message?.sid,
    });
    const asked = stand.twilio.calls.filter((c) => c.params.To === to).map((c) => c.method);
    expect(asked).toEqual(['POST', 'GET']);
  });

  it('a worker killed while sending: once its claim runs out, the sweep finds the text sent', async () => {
    const to = nextNumber();
    const id = await queued(to);
    // What the dead worker did: claimed the text, and Twilio took it; nothing was recorded.
    await OutboundText.query(db.knex)
      .findById(id)
      .patch({ attempts: 1, nextAttemptAt: later(TEXT_LEASE_MS) });
    const twilio = twilioMessages({
      accountSid: stand.twilio.accountSid,
      authToken: stand.twilio.authToken,
      from: FROM,
      apiUrl: stand.twilio.url,
    });
    const { body } = await row(id);
    expect(await twilio.send({ to, body })).toMatchObject({ kind: 'sent' });

    // The claim still holds: nobody touches the text.
    expect(await sweep(later(MINUTE))).toBe(0);
    expect(await sweep(later(TEXT_LEASE_MS + MINUTE))).toBe(1);
    expect(stand.twilio.to(to)).toHaveLength(1);
    expect(await row(id)).toMatchObject({
      status: 'sent',
      providerMessageId: stand.twilio.to(to)[0]?.sid,
    });
  });

  it('a worker killed before Twilio took the text: the sweep sends it, once', async () => {
    const to = nextNumber();
    const id = await queued(to);
    await OutboundText.query(db.knex)
      .findById(id)
      .patch({ attempts: 1, nextAttemptAt: later(TEXT_LEASE_MS) });
    expect(await sweep(later(TEXT_LEASE_MS + MINUTE))).toBe(1);
    await Promise.all([sweep(later(3 * TEXT_LEASE_MS)), sweep(later(3 * TEXT_LEASE_MS))]);
    expect(stand.twilio.to(to)).toHaveLength(1);
  });

  it("Twilio's 500 and 429 are tried again on a backoff, and the text goes once", async () => {
    const to = nextNumber();
    const id = await queued(to);
    stand.twilio.failNext(1, 500);
    expect(await stand.sms.deliver(id)).toBe(false);
    const first = await row(id);
    expect(first.error).toMatch(/Twilio answered 500/);
    expect(first.nextAttemptAt?.getTime()).toBeGreaterThan(Date.now() + 50_000);

    stand.twilio.failNext(1, 429);
    expect(await sweep(later(2 * MINUTE))).toBe(0);
    const second = await row(id);
    expect(second).toMatchObject({ status: 'queued', attempts: 2 });
    expect(second.error).toMatch(/429/);
    // Twice the wait after the second failure.
    expect(second.nextAttemptAt?.getTime()).toBeGreaterThan(Date.now() + 3 * MINUTE);

    expect(await sweep(later(10 * MINUTE))).toBe(1);
    expect(await sweep(later(60 * MINUTE))).toBe(0);
    expect(stand.twilio.to(to)).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 3, error: null });
  });

  it('sweeps in several processes at once send each due text once', async () => {
    const numbers = [nextNumber(), nextNumber(), nextNumber()];
    for (const to of numbers) await queued(to);
    const counts = await Promise.all([sweep(new Date()), sweep(new Date()), sweep(new Date())]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3);
    for (const to of numbers) expect(stand.twilio.to(to)).toHaveLength(1);
  });

  it('gives a text up after two hours of failures', async () => {
    const to = nextNumber();
    const id = await queued(to);
    stand.twilio.failNext(1, 500);
    expect(await stand.sms.deliver(id, later(121 * MINUTE))).toBe(false);
    expect(await row(id)).toMatchObject({ status: 'failed', nextAttemptAt: null });
    expect(await sweep(later(200 * MINUTE))).toBe(0);
    expect(stand.twilio.to(to)).toEqual([]);
  });
});

describe('the text outbox on the worker', () => {
  const jobs = () =>
    pgBossQueue(db.knex, pino({ level: 'silent' }), { pollingIntervalSeconds: 0.5 });
  let queue: ReturnType<typeof jobs> | undefined;
  afterAll(() => queue?.stop());

  it('its tick delivers the texts nobody delivered', async () => {
    const to = nextNumber();
    const id = await queued(to);
    queue = jobs();
    await startTextOutbox({ jobs: queue, db: db.knex, sms: stand.sms });
    // What the every-minute schedule sends, sent now.
    await queue.send(TEXT_OUTBOX_QUEUE, {});
    const deadline = Date.now() + 20_000;
    while ((await row(id)).status === 'queued' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(await row(id)).toMatchObject({ status: 'sent' });
    expect(stand.twilio.to(to)).toHaveLength(1);
  });
});
