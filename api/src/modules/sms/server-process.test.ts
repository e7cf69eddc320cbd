import { afterAll, describe, expect, it } from 'vitest';
import { queueText } from '../../adapters/sms';
import { OutboundText, SmsOptOut } from '../../models/outbound-text';
import { type AppProcess, startAppProcess, stopAppProcess, waitFor } from '../../test/app-process';
import { useTestDatabase } from '../../test/test-database';
import { startTwilioStandIn } from '../../test/twilio-stand-in';
import { twilioSignature } from './signature';

// The app as the image starts it, with SMS_* pointing at the Twilio stand-in: server.ts makes
// the Twilio adapter from the settings, the worker's every-minute sweep sends what nobody sent,
// and the webhook checks Twilio's signature with SMS_AUTH_TOKEN at PUBLIC_URL.

const db = useTestDatabase();
const PUBLIC_URL = 'https://texts.twinclean.example';
let app: AppProcess | undefined;
let twilio: Awaited<ReturnType<typeof startTwilioStandIn>> | undefined;

afterAll(async () => {
  if (app) expect(await stopAppProcess(app)).toBe(0);
  await twilio?.close();
}, 30_000);

describe('texts in the running app (SMS_* set)', () => {
  it("sends a queued text from the worker's sweep and takes STOP signed with the auth token", async () => {
    twilio = await startTwilioStandIn();
    app = await startAppProcess('all', {
      DATABASE_URL: db.url,
      CRON_CHECK_SECONDS: '1',
      PUBLIC_URL,
      SMS_ACCOUNT_SID: twilio.accountSid,
      SMS_AUTH_TOKEN: twilio.authToken,
      SMS_FROM: '+16125550100',
      SMS_API_URL: twilio.url,
    });
    const to = '+16125550111';
    const body = 'TwinClean: Ana is on the way. https://texts.twinclean.example/visit-report/abc';
    const id = await db.knex.transaction((trx) =>
      queueText(trx, { to, template: 'on_my_way', body }),
    );
    // Nobody delivers it but the sweep, at the next minute.
    await waitFor(
      async () => (await OutboundText.query(db.knex).findById(id as string))?.status === 'sent',
      75_000,
    );
    expect(twilio.to(to)).toMatchObject([{ body, from: '+16125550100' }]);

    const params = new URLSearchParams({ From: to, Body: 'STOP', To: '+16125550100' });
    const post = (signature: string) =>
      fetch(`${app?.url}/api/sms/inbound`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'X-Twilio-Signature': signature,
        },
        body: params.toString(),
      });
    // The site's own stored key is not the one when Twilio is set.
    const local = await db.knex('appSecrets').first('value').where({ key: 'sms_local_auth_token' });
    const otherKey = String(local?.value ?? 'no-local-key-here');
    expect(
      (await post(twilioSignature(otherKey, `${PUBLIC_URL}/api/sms/inbound`, params))).status,
    ).toBe(403);
    const res = await post(
      twilioSignature(twilio.authToken, `${PUBLIC_URL}/api/sms/inbound`, params),
    );
    expect(res.status).toBe(200);
    expect(await SmsOptOut.query(db.knex).findById(to)).toBeDefined();

    // Its log names the text by its last four digits only.
    const logged = JSON.stringify(app.logs);
    expect(logged).toContain('…0111');
    expect(logged).not.toContain('6125550111');
    expect(logged).not.toContain('visit-report/abc');
  }, 120_000);
});
