import { errorBodySchema } from '@twinclean/shared/errors';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { queueText } from '../../adapters/sms';
import { smsOf } from '../../app';
import { OutboundText, SmsOptOut } from '../../models/outbound-text';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { twilioSignature } from './signature';

const db = useTestDatabase();
const SITE = 'https://twinclean.example';
// The stored default: without SMS_* the webhook is signed with the site's own key.
const api = useTestServer(db, () => ({ siteUrl: SITE }));
const PUBLIC_URL = `${SITE}/api/sms/inbound`;

const key = () => smsOf(api.deps).webhookKey();
/** Twilio's post of a text sent to our number (the parameters it always sends, and a few). */
const twilioPost = (from: string, body: string) =>
  new URLSearchParams({
    ToCountry: 'US',
    SmsMessageSid: 'SM0123456789abcdef0123456789abcdef',
    NumMedia: '0',
    From: from,
    To: '+16125550100',
    Body: body,
    AccountSid: `AC${'ab'.repeat(16)}`,
    ApiVersion: '2010-04-01',
  });

async function post(params: URLSearchParams, signature: string | null, type?: string) {
  const headers: Record<string, string> = {
    'Content-Type': type ?? 'application/x-www-form-urlencoded',
  };
  if (signature !== null) headers['X-Twilio-Signature'] = signature;
  return fetch(`${api.url}/api/sms/inbound`, {
    method: 'POST',
    headers,
    body: params.toString(),
  });
}
const signed = async (params: URLSearchParams) =>
  post(params, twilioSignature(await key(), PUBLIC_URL, params));
const stopped = async (phone: string) => Boolean(await SmsOptOut.query(db.knex).findById(phone));

describe('POST /api/sms/inbound (Twilio posts the texts sent to our number)', () => {
  it('STOP stops texts to the number, START brings them back; the answer is empty TwiML', async () => {
    const phone = '+16125550142';
    const res = await signed(twilioPost(phone, '  Stop '));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/xml/);
    expect(await res.text()).toMatch(/<Response\/>$/);
    expect(await stopped(phone)).toBe(true);
    // Queued afterwards, a text is kept as opted out and never sent.
    const id = await db.knex.transaction((trx) =>
      queueText(trx, { to: phone, template: 'on_my_way', body: 'TwinClean: on the way' }),
    );
    expect(id).toBeNull();
    expect(await OutboundText.query(db.knex).where({ toNumber: phone })).toMatchObject([
      { status: 'opted_out' },
    ]);
    // Said twice, still once.
    expect((await signed(twilioPost(phone, 'STOPALL'))).status).toBe(200);
    expect(await SmsOptOut.query(db.knex).where({ phone })).toHaveLength(1);

    expect((await signed(twilioPost(phone, 'start'))).status).toBe(200);
    expect(await stopped(phone)).toBe(false);
  });

  it('each opt-out word stops, each opt-in word starts, and other words change nothing', async () => {
    for (const [i, word] of ['STOP', 'stopall', 'Unsubscribe', 'CANCEL', 'end', 'QUIT'].entries()) {
      const phone = `+1612555020${i}`;
      expect((await signed(twilioPost(phone, word))).status).toBe(200);
      expect(await stopped(phone), word).toBe(true);
    }
    for (const [i, word] of ['START', 'unstop', 'Yes'].entries()) {
      const phone = `+1612555020${i}`;
      expect((await signed(twilioPost(phone, word))).status).toBe(200);
      expect(await stopped(phone), word).toBe(false);
    }
    const phone = '+16125550299';
    for (const word of ['Please stop texting me', 'HELP', 'Thanks!', '']) {
      expect((await signed(twilioPost(phone, word))).status).toBe(200);
    }
    expect(await stopped(phone)).toBe(false);
  });

  it('refuses a post without the right signature (403) and changes nothing', async () => {
    const phone = '+16125550177';
    const params = twilioPost(phone, 'STOP');
    const good = twilioSignature(await key(), PUBLIC_URL, params);
    const refusals = [
      await post(params, null),
      await post(params, ''),
      await post(params, `${good.slice(0, -4)}AAA=`),
      // Signed for the address the request came to, not the site's public one.
      await post(params, twilioSignature(await key(), `${api.url}/api/sms/inbound`, params)),
      // Signed with another key (another account's token).
      await post(params, twilioSignature('not-our-key-0123456789', PUBLIC_URL, params)),
      // Signed, then a parameter changed.
      await post(twilioPost('+16125550178', 'STOP'), good),
    ];
    for (const res of refusals) {
      expect(res.status).toBe(403);
      const body = errorBodySchema.parse(await res.json());
      expect(body).toMatchObject({
        code: 'bad_signature',
        message: 'The request signature does not match.',
      });
    }
    expect(await stopped(phone)).toBe(false);
    expect(await stopped('+16125550178')).toBe(false);
  });

  it('refuses a body that is not form-encoded (415), before anything else', async () => {
    const params = twilioPost('+16125550188', 'STOP');
    const res = await post(
      params,
      twilioSignature(await key(), PUBLIC_URL, params),
      'application/json',
    );
    expect(res.status).toBe(415);
    expect(errorBodySchema.parse(await res.json()).message).toMatch(/form-encoded/);
    expect(await stopped('+16125550188')).toBe(false);
  });

  it('fuzzed: never a 5xx, an unsigned post changes nothing, a signed one answers TwiML', async () => {
    const fields = fc.dictionary(
      fc.constantFrom('From', 'Body', 'To', 'AccountSid', 'X', 'from', 'Body[]'),
      fc.oneof(fc.string({ maxLength: 200 }), fc.constantFrom('STOP', 'START', '+16125550166')),
    );
    await fc.assert(
      fc.asyncProperty(
        fields,
        fc.boolean(),
        fc.base64String({ maxLength: 40 }),
        async (dict, sign, junk) => {
          const params = new URLSearchParams(dict);
          const before = await SmsOptOut.query(db.knex).resultSize();
          const res = sign ? await signed(params) : await post(params, junk);
          expect(res.status).toBeLessThan(500);
          if (sign) {
            expect(res.status).toBe(200);
          } else {
            expect(res.status).toBe(403);
            expect(errorBodySchema.parse(await res.json()).message.length).toBeGreaterThan(0);
            expect(await SmsOptOut.query(db.knex).resultSize()).toBe(before);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
