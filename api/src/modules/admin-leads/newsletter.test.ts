import {
  newsletterSentSchema,
  newslettersPageSchema,
  subscribersPageSchema,
} from '@twinclean/shared/admin-leads';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { type JsonCall, signedInJson, signInAs } from '../../test/sign-in';
import { catcherMailer, useSmtpCatcher } from '../../test/smtp-catcher';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { startNewsletterWorkers } from './newsletter-send';

const db = useTestDatabase();
const smtp = useSmtpCatcher();
const SITE = 'https://twinclean.example';
const api = useTestServer(db, () => ({
  trustProxy: true,
  siteUrl: SITE,
  mailer: catcherMailer(db.knex, smtp),
}));

let owner: JsonCall;
beforeAll(async () => {
  await seedDemoData(db.knex);
  owner = await signedInJson(api.url, 'owner@example.com');
  const { db: knex, mailer, jobs, logger } = api.deps;
  await startNewsletterWorkers({ db: knex, mailer, jobs, logger, siteUrl: SITE });
});

const subscribe = (email: string, at = new Date()) =>
  db.knex('newsletterSubscribers').insert({ email, subscribedAt: at });

/** A caught message with folded headers unfolded and quoted-printable soft breaks joined. */
const bodyOf = (raw: string) =>
  raw
    .replace(/\r\n(?=[ \t])/g, '')
    .replace(/=\r?\n/g, '')
    .replaceAll('=3D', '=');

describe('newsletter subscribers', () => {
  it('lists them newest first, by status and address, with how many a send would reach', async () => {
    await subscribe('old.reader@example.com', new Date('2026-01-05T12:00:00Z'));
    await db.knex('newsletterSubscribers').insert({
      email: 'gone.reader@example.com',
      unsubscribedAt: new Date(),
    });
    const all = subscribersPageSchema.parse(
      (await owner('GET', '/api/admin/newsletter/subscribers')).json,
    );
    const live = await db.knex('newsletterSubscribers').whereNull('unsubscribedAt');
    expect(all.subscribedCount).toBe(live.length);
    expect(all.items.at(-1)?.email).toBe('old.reader@example.com');
    const gone = subscribersPageSchema.parse(
      (await owner('GET', '/api/admin/newsletter/subscribers?status=unsubscribed')).json,
    );
    expect(gone.items.map((s) => s.email)).toEqual(['gone.reader@example.com']);
    const found = subscribersPageSchema.parse(
      (await owner('GET', '/api/admin/newsletter/subscribers?q=OLD.READER')).json,
    );
    expect(found.total).toBe(1);
  });

  it('exports them as CSV, the filters applied', async () => {
    const request = await signInAs(api.url, 'staff@example.com');
    const res = await request('/api/admin/exports/newsletter-subscribers.csv?status=unsubscribed');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv/,
    );
    // Read as bytes: text() would drop the byte-order mark that Excel needs.
    const lines = Buffer.from(await res.arrayBuffer())
      .toString('utf8')
      .split('\r\n');
    expect(lines[0]).toBe('\uFEFFEmail,Status,Source,Subscribed At,Unsubscribed At');
    expect(lines[1]).toMatch(/^gone\.reader@example\.com,unsubscribed,website,/);
    expect(lines.slice(1, -1)).toHaveLength(1);
  });
});

describe('sending a newsletter', () => {
  it('refuses when nobody is subscribed, and records nothing', async () => {
    const live = await db.knex('newsletterSubscribers').whereNull('unsubscribedAt').pluck('id');
    await db
      .knex('newsletterSubscribers')
      .whereIn('id', live)
      .update({ unsubscribedAt: new Date() });
    const { status, json } = await owner('POST', '/api/admin/newsletters', {
      subject: 'Nobody',
      body: 'Hello?',
    });
    await db.knex('newsletterSubscribers').whereIn('id', live).update({ unsubscribedAt: null });
    expect(status).toBe(409);
    expect((json as { message: string }).message).toMatch(/Nobody is subscribed/);
    expect(await db.knex('newsletters')).toHaveLength(0);
  });

  it('mails every current subscriber their own copy with a working unsubscribe link', async () => {
    await subscribe('reader.one@example.com');
    await subscribe('reader.two@example.com');
    const recipients = await db
      .knex('newsletterSubscribers')
      .whereNull('unsubscribedAt')
      .pluck('email');
    const { status, json } = await owner('POST', '/api/admin/newsletters', {
      subject: 'Spring cleaning tips',
      body: 'Open the windows.\n\nDust from the top down.',
    });
    expect(status).toBe(201);
    const sent = newsletterSentSchema.parse(json);
    expect(sent.message).toBe(`Newsletter queued for ${recipients.length} subscribers`);
    expect(sent.newsletter).toMatchObject({ recipients: recipients.length, sentBy: 'Dana Berg' });
    const mine = () => smtp.mails.filter((m) => /Subject: Spring cleaning tips/.test(m.raw));
    await expect.poll(() => mine().length, { timeout: 15_000 }).toBe(recipients.length);
    expect(
      mine()
        .flatMap((m) => m.to)
        .sort(),
    ).toEqual([...recipients].sort());
    expect(mine().some((m) => m.to.includes('gone.reader@example.com'))).toBe(false);

    const mail = mine().find((m) => m.to.includes('reader.one@example.com'));
    const raw = bodyOf(mail?.raw ?? '');
    expect(raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    expect(raw).toContain(`List-Unsubscribe: <${SITE}/api/newsletter/unsubscribe/one-click?token=`);
    const link = new RegExp(`${SITE}/newsletter/unsubscribe\\?token=([\\w.%-]+)`).exec(raw);
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link?.[1] ?? '');
    const other = mine().find((m) => m.to.includes('reader.two@example.com'));
    expect(bodyOf(other?.raw ?? '')).not.toContain(link?.[1]);

    const res = await fetch(`${api.url}/api/newsletter/unsubscribe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(res.status).toBe(200);
    const reader = await db
      .knex('newsletterSubscribers')
      .where({ email: 'reader.one@example.com' })
      .first();
    expect(reader.unsubscribedAt).toBeInstanceOf(Date);

    const history = newslettersPageSchema.parse(
      (await owner('GET', '/api/admin/newsletters')).json,
    );
    await expect
      .poll(
        async () =>
          newslettersPageSchema.parse((await owner('GET', '/api/admin/newsletters')).json).items[0]
            ?.delivered,
      )
      .toBe(recipients.length);
    expect(history.items[0]).toMatchObject({
      id: sent.newsletter.id,
      subject: 'Spring cleaning tips',
    });
    const audited = await db
      .knex('auditLog')
      .where({ entity: 'newsletter', entityId: sent.newsletter.id });
    expect(audited).toEqual([expect.objectContaining({ action: 'newsletter.send' })]);
  });

  it('refuses the same newsletter again within minutes (a double click)', async () => {
    const body = { subject: 'Holiday hours', body: 'We are closed on the 25th.' };
    expect((await owner('POST', '/api/admin/newsletters', body)).status).toBe(201);
    const again = await owner('POST', '/api/admin/newsletters', body);
    expect(again.status).toBe(409);
    expect(await db.knex('newsletters').where({ subject: 'Holiday hours' })).toHaveLength(1);
  });

  it('requires a subject and a body', async () => {
    const { status, json } = await owner('POST', '/api/admin/newsletters', {
      subject: '',
      body: 'x',
    });
    expect(status).toBe(400);
    expect((json as { message: string }).message).toMatch(/^subject: Subject is required/);
  });
});
