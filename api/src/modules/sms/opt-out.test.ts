import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createSms, queueText } from '../../adapters/sms';
import { OutboundText, SmsOptOut } from '../../models/outbound-text';
import { useTestDatabase } from '../../test/test-database';
import { useTwilioStandIn } from '../../test/twilio-stand-in';
import { replyToText } from './inbound';
import { deliverDueTexts } from './sender';

const db = useTestDatabase();
const stand = useTwilioStandIn(db);
const MINUTE = 60_000;
const BODY =
  'TwinClean: Ana finished at 1:05 PM. Your visit report: https://x.test/visit-report/tok';

let n = 0;
const numbers: string[] = [];
const nextNumber = () => {
  n += 1;
  numbers.push(`+1651555${String(3000 + n).padStart(4, '0')}`);
  return numbers[numbers.length - 1] as string;
};
const queue = (to: string, body = BODY) =>
  db.knex.transaction((trx) => queueText(trx, { to, template: 'visit_done', body }));
const row = (id: string) => OutboundText.query(db.knex).findById(id).throwIfNotFound();
const rowsTo = (to: string) => OutboundText.query(db.knex).where({ toNumber: to });
const sweep = (at: Date) => deliverDueTexts({ db: db.knex, sms: stand.sms }, at);
const later = (ms: number) => new Date(Date.now() + ms);
const toStandIn = (to: string) => stand.twilio.calls.filter((c) => c.params.To === to);

describe('STOP and the numbers Twilio will not text', () => {
  it('after STOP a text is kept as opted out and nothing reaches Twilio; START sends again', async () => {
    const to = nextNumber();
    expect(await replyToText(db.knex, to, ' stop ')).toBe('stopped');
    expect(await queue(to)).toBeNull();
    expect(await rowsTo(to)).toMatchObject([{ status: 'opted_out', nextAttemptAt: null }]);
    expect(await sweep(later(MINUTE))).toBe(0);
    expect(toStandIn(to)).toEqual([]);

    expect(await replyToText(db.knex, to, 'Start')).toBe('started');
    const id = await queue(to);
    expect(await stand.sms.deliver(id as string)).toBe(true);
    expect(stand.twilio.to(to)).toHaveLength(1);
  });

  it('a STOP that arrives while a text waits for its retry stops that text too', async () => {
    const to = nextNumber();
    const id = (await queue(to)) as string;
    stand.twilio.failNext(1, 500);
    expect(await stand.sms.deliver(id)).toBe(false);
    await replyToText(db.knex, to, 'UNSUBSCRIBE');
    expect(await sweep(later(5 * MINUTE))).toBe(0);
    expect(await row(id)).toMatchObject({ status: 'opted_out' });
    expect(stand.twilio.to(to)).toEqual([]);
  });

  it("Twilio's 21610 (the number replied STOP to Twilio) marks the number opted out", async () => {
    const to = nextNumber();
    stand.twilio.unsubscribe(to);
    const id = (await queue(to)) as string;
    expect(await stand.sms.deliver(id)).toBe(false);
    const refused = await row(id);
    expect(refused).toMatchObject({ status: 'opted_out', transport: null, nextAttemptAt: null });
    expect(refused.error).toMatch(/21610/);
    expect(await SmsOptOut.query(db.knex).findById(to)).toBeDefined();
    // Later texts to it are not even tried.
    expect(await queue(to)).toBeNull();
    expect(toStandIn(to).filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('a number Twilio calls invalid (21211) fails for good, without a retry', async () => {
    const to = nextNumber();
    stand.twilio.markInvalid(to);
    const id = (await queue(to)) as string;
    expect(await stand.sms.deliver(id)).toBe(false);
    const refused = await row(id);
    expect(refused).toMatchObject({ status: 'failed', transport: 'twilio', nextAttemptAt: null });
    // Twilio's message names the number: kept only to its last four digits.
    expect(refused.error).toMatch(/21211/);
    expect(refused.error).not.toContain(to);
    expect(await sweep(later(60 * MINUTE))).toBe(0);
    expect(toStandIn(to)).toHaveLength(1);
  });

  it('logs no whole phone number and no message body, only the last four digits', () => {
    // Every test above logged: sends, retries, refusals, opt-outs.
    expect(stand.logs.length).toBeGreaterThanOrEqual(5);
    const all = stand.logs.join('\n');
    for (const number of numbers) {
      expect(all).not.toContain(number);
      expect(all).not.toContain(number.slice(2));
    }
    expect(all).not.toContain('visit-report/tok');
    expect(all).not.toContain('finished at');
    expect(all).toContain('…3001');
  });
});

describe('the stored default (no SMS_* settings)', () => {
  it('keeps the text, marked stored, and logs its template and the last four digits', async () => {
    const logs: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => logs.push(line) });
    const sms = createSms({ db: db.knex, logger });
    expect(sms.transport).toBe('stored');
    expect(sms.replyNumber).toBeNull();
    const to = '+16125559876';
    const id = (await queue(to)) as string;
    expect(await sms.deliver(id)).toBe(false);
    expect(await row(id)).toMatchObject({
      status: 'stored',
      transport: 'stored',
      attempts: 1,
      nextAttemptAt: null,
      body: BODY,
    });
    // Kept once: another delivery or a sweep leaves it be.
    expect(await sms.deliver(id)).toBe(false);
    expect(await deliverDueTexts({ db: db.knex, sms }, later(MINUTE))).toBe(0);
    expect(logs).toHaveLength(1);
    const line = JSON.parse(logs[0] as string);
    expect(line).toMatchObject({ to: '…9876', template: 'visit_done', id });
    expect(logs[0]).not.toContain('5559876');
    expect(logs[0]).not.toContain('visit-report');
  });

  it('signs webhooks with a key of its own, the same in every process', async () => {
    const logger = pino({ level: 'silent' });
    const one = await createSms({ db: db.knex, logger }).webhookKey();
    const two = await createSms({ db: db.knex, logger }).webhookKey();
    expect(one.length).toBeGreaterThanOrEqual(24);
    expect(two).toBe(one);
    expect(await stand.sms.webhookKey()).toBe(stand.twilio.authToken);
    // With Twilio, START goes to the sending number, which the settings page names.
    expect(stand.sms.replyNumber).toBe('+16125550100');
  });
});
