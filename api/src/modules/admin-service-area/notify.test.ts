import { waitlistNotifiedSchema } from '@twinclean/shared/service-area';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { siteUrlOf } from '../../app';
import { newUser } from '../../test/people';
import { snapshot } from '../../test/route-world';
import { type JsonCall, signedInJson } from '../../test/sign-in';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

const db = useTestDatabase();
const api = useTestServer(db);
let staff: JsonCall;
let staffId: string;

const waitlistMail = () =>
  db.knex('outboundEmails').where({ template: 'waitlist_open' }).orderBy('toAddress');

beforeAll(async () => {
  const s = await newUser(db.knex, 'client', { role: 'admin_staff' });
  staffId = s.id;
  staff = await signedInJson(api.url, s.email);
});

beforeEach(async () => {
  await db.knex('waitlistEntries').delete();
  await db.knex('outboundEmails').delete();
  await db.knex('servedZips').where({ zip: '55802' }).delete();
});

describe('POST /api/admin/waitlist/:zip/notify', () => {
  it('refuses a ZIP we do not serve yet with 409, changing nothing', async () => {
    await db
      .knex('waitlistEntries')
      .insert({ email: 'a@example.com', zip: '55802', serviceType: 'house' });
    const before = await snapshot(db.knex);
    const { status, json } = await staff('POST', '/api/admin/waitlist/55802/notify');
    expect(status).toBe(409);
    expect(json.message).toBe('Add 55802 to the service area first');
    expect(await snapshot(db.knex)).toBe(before);
  });

  it('refuses what is not a ZIP with 400', async () => {
    const { status, json } = await staff('POST', '/api/admin/waitlist/5580/notify');
    expect(status).toBe(400);
    expect(JSON.stringify(json)).toContain('ZIP code must be 5 digits');
  });

  it('e-mails each waiting person once, with a link per service, and marks them told', async () => {
    await db.knex('servedZips').insert({ zip: '55802' });
    await db.knex('waitlistEntries').insert([
      { email: 'a@example.com', zip: '55802', serviceType: 'house' },
      { email: 'a@example.com', zip: '55802', serviceType: 'carpet' },
      { email: 'b@example.com', zip: '55802', serviceType: 'laundry' },
      // Told before, and another ZIP: neither is e-mailed.
      { email: 'c@example.com', zip: '55802', serviceType: 'house', notifiedAt: new Date() },
      { email: 'd@example.com', zip: '55803', serviceType: 'house' },
    ]);
    const { status, json } = await staff('POST', '/api/admin/waitlist/55802/notify');
    expect(status).toBe(200);
    expect(waitlistNotifiedSchema.parse(json)).toEqual({
      message: 'E-mailed 2 people on the 55802 waitlist.',
      sent: 2,
    });
    const mail = await waitlistMail();
    expect(mail.map((m) => [m.toAddress, m.subject])).toEqual([
      ['a@example.com', 'TwinClean now cleans in 55802'],
      ['b@example.com', 'TwinClean now cleans in 55802'],
    ]);
    expect(mail[0].textBody).toContain('55802 (Duluth, MN)');
    expect(mail[0].textBody).toContain(`${siteUrlOf(api.deps)}/book/house`);
    expect(mail[0].textBody).toContain('/book/carpet');
    expect(mail[1].textBody).toContain('/book/laundry');
    const waiting = await db
      .knex('waitlistEntries')
      .where({ zip: '55802' })
      .whereNull('notifiedAt');
    expect(waiting).toEqual([]);
    const [entry] = await db.knex('auditLog').where({ action: 'waitlist.notify' });
    expect(entry).toMatchObject({ actorId: staffId, entityId: '55802', after: { emails: 2 } });
    // Nobody left: a clear answer and no mail.
    const again = await staff('POST', '/api/admin/waitlist/55802/notify');
    expect(again.json).toEqual({
      message: 'Nobody is waiting in 55802: no e-mail was sent.',
      sent: 0,
    });
    expect(await waitlistMail()).toHaveLength(2);
  });

  it('queues each mail once when two clicks arrive together', async () => {
    await db.knex('servedZips').insert({ zip: '55802' });
    await db.knex('waitlistEntries').insert(
      Array.from({ length: 20 }, (_, i) => ({
        email: `p${i}@example.com`,
        zip: '55802',
        serviceType: 'house',
      })),
    );
    const answers = await Promise.all([
      staff('POST', '/api/admin/waitlist/55802/notify'),
      staff('POST', '/api/admin/waitlist/55802/notify'),
    ]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.json.sent).sort((x, y) => x - y)).toEqual([0, 20]);
    expect(await waitlistMail()).toHaveLength(20);
  });
});
