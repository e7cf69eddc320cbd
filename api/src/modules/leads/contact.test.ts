import { describe, expect, it } from 'vitest';
import { catcherMailer, useSmtpCatcher } from '../../test/smtp-catcher';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { unsubscribeTokens } from './unsubscribe-token';

const db = useTestDatabase();
const smtp = useSmtpCatcher();
const api = useTestServer(db, () => ({
  trustProxy: true,
  mailer: catcherMailer(db.knex, smtp),
}));

let ip = 0;
async function post(path: string, body?: unknown, from = `203.0.113.${++ip}`) {
  const res = await fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': from },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

const message = (overrides: Record<string, unknown> = {}) => ({
  name: 'Nora Lindqvist',
  email: 'Nora@Example.com',
  phone: '',
  topic: 'billing',
  message: 'I was charged twice for my visit on Tuesday.',
  website: '',
  ...overrides,
});
const stored = (email: string) => db.knex('contactForms').where({ email });

describe('POST /api/contact', () => {
  it('keeps the message for the inbox and acknowledges it to the sender', async () => {
    const { status, json } = await post('/api/contact', message());
    expect(status).toBe(201);
    expect(json.message).toMatch(/within 24 hours/);
    expect(await stored('nora@example.com')).toEqual([
      expect.objectContaining({
        name: 'Nora Lindqvist',
        phone: null,
        topic: 'billing',
        status: 'new',
        message: 'I was charged twice for my visit on Tuesday.',
      }),
    ]);
    await expect.poll(() => smtp.mails.some((m) => m.to.includes('nora@example.com'))).toBe(true);
    const mail = smtp.mails.find((m) => m.to.includes('nora@example.com'));
    expect(mail?.raw).toMatch(/Subject: We received your message/);
    expect(mail?.raw).toMatch(/Reply-To: hello@twinclean\.test/);
  });

  it('escapes what the sender typed in the HTML, in the greeting and in the quoted message', async () => {
    const name = `Nora "<script>alert('n')</script>"`;
    const text = `It's <b>urgent</b> & "important": <script>alert('m')</script>`;
    const body = message({ email: 'markup@example.com', name, message: text });
    expect((await post('/api/contact', body)).status).toBe(201);
    const sent = () =>
      db
        .knex('outboundEmails')
        .where({ toAddress: 'markup@example.com', template: 'contact_acknowledgement' })
        .first();
    await expect.poll(sent).toBeTruthy();
    const mail = await sent();
    expect(mail.htmlBody).not.toMatch(/<script|<b>/);
    expect(mail.htmlBody).toContain(
      '<p>Hi Nora &quot;&lt;script&gt;alert(&#39;n&#39;)&lt;/script&gt;&quot;,</p>',
    );
    expect(mail.htmlBody).toContain(
      'It&#39;s &lt;b&gt;urgent&lt;/b&gt; &amp; &quot;important&quot;: &lt;script&gt;alert(&#39;m&#39;)&lt;/script&gt;',
    );
    // The plain text keeps the words as written.
    expect(mail.textBody).toContain(`Hi ${name},`);
    expect(mail.textBody).toContain(text);
  });

  it('keeps a double submission once', async () => {
    const body = message({ email: 'twice@example.com' });
    expect((await post('/api/contact', body)).status).toBe(201);
    expect((await post('/api/contact', body)).status).toBe(201);
    expect(await stored('twice@example.com')).toHaveLength(1);
  });

  it('answers a filled honeypot like a success and keeps and sends nothing', async () => {
    const mails = smtp.mails.length;
    const { status } = await post(
      '/api/contact',
      message({ email: 'bot@example.com', website: 'https://spam.example' }),
    );
    expect(status).toBe(201);
    expect(await stored('bot@example.com')).toHaveLength(0);
    expect(smtp.mails.length).toBe(mails);
  });

  it('refuses missing or oversized fields with a message naming them', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ name: ' ' }, /^name: Name is required/],
      [{ email: 'not-an-address' }, /^email: /],
      [{ topic: 'gossip' }, /^topic: Choose a topic/],
      [{ message: 'Hi' }, /^message: Message must be at least 10 characters/],
      [{ message: 'x'.repeat(5001) }, /^message: Message is at most 5,000 characters/],
      [{ phone: '6'.repeat(31) }, /^phone: Phone is too long/],
    ];
    for (const [change, expected] of cases) {
      const { status, json } = await post(
        '/api/contact',
        message({ email: 'v@example.com', ...change }),
      );
      expect(status, JSON.stringify(change)).toBe(400);
      expect(json.message).toMatch(expected);
    }
    expect(await stored('v@example.com')).toHaveLength(0);
    expect(await stored('not-an-address')).toHaveLength(0);
  });

  it('stops one address after 20 forms an hour, shared with the other forms', async () => {
    const from = '198.18.0.7';
    for (let i = 0; i < 19; i++) {
      expect(
        (await post('/api/newsletter/subscribe', { email: `r${i}@example.com` }, from)).status,
      ).toBe(200);
    }
    expect((await post('/api/contact', message({ email: 'last@example.com' }), from)).status).toBe(
      201,
    );
    const refused = await post('/api/contact', message({ email: 'over@example.com' }), from);
    expect(refused.status).toBe(429);
    expect(refused.json.message).toMatch(/Too many attempts/);
    expect(await stored('over@example.com')).toHaveLength(0);
  });
});

describe('unsubscribing from the newsletter', () => {
  it('unsubscribes with the link token, once however often it is used', async () => {
    const [subscriber] = await db
      .knex('newsletterSubscribers')
      .insert({ email: 'leaving@example.com' })
      .returning('id');
    const token = (await unsubscribeTokens(db.knex))(subscriber.id);
    const first = await post('/api/newsletter/unsubscribe', { token });
    expect(first).toEqual({ status: 200, json: { message: "You're unsubscribed" } });
    const row = await db.knex('newsletterSubscribers').where({ id: subscriber.id }).first();
    expect(row.unsubscribedAt).toBeInstanceOf(Date);
    const again = await post('/api/newsletter/unsubscribe', { token });
    expect(again).toEqual(first);
    const later = await db.knex('newsletterSubscribers').where({ id: subscriber.id }).first();
    expect(later.unsubscribedAt).toEqual(row.unsubscribedAt);
  });

  it("takes a mail app's one-click POST (RFC 8058), whose form body it ignores", async () => {
    const [subscriber] = await db
      .knex('newsletterSubscribers')
      .insert({ email: 'one-click@example.com' })
      .returning('id');
    const token = (await unsubscribeTokens(db.knex))(subscriber.id);
    const res = await fetch(
      `${api.url}/api/newsletter/unsubscribe/one-click?token=${encodeURIComponent(token)}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      },
    );
    expect(res.status).toBe(200);
    const row = await db.knex('newsletterSubscribers').where({ id: subscriber.id }).first();
    expect(row.unsubscribedAt).toBeInstanceOf(Date);
  });

  it('refuses a token that is not ours, and changes nobody', async () => {
    const [subscriber] = await db
      .knex('newsletterSubscribers')
      .insert({ email: 'staying@example.com' })
      .returning('id');
    const forged = `${subscriber.id}.${'A'.repeat(43)}`;
    for (const token of [forged, 'nonsense', `${subscriber.id}.`]) {
      const { status, json } = await post('/api/newsletter/unsubscribe', { token });
      expect(status, token).toBe(400);
      expect(json.message).toMatch(/not valid/);
    }
    const row = await db.knex('newsletterSubscribers').where({ id: subscriber.id }).first();
    expect(row.unsubscribedAt).toBeNull();
  });
});
