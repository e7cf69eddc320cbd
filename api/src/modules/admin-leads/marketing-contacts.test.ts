import { marketingContactsPageSchema } from '@twinclean/shared/admin-leads';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../../db/seeds/seed';
import { bookingRow } from '../../test/fixtures';
import { type JsonCall, signedInJson, signInAs } from '../../test/sign-in';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

const db = useTestDatabase();
const api = useTestServer(db);

let staff: JsonCall;
const day = (d: string) => new Date(`${d}T12:00:00Z`);

beforeAll(async () => {
  await seedDemoData(db.knex);
  staff = await signedInJson(api.url, 'staff@example.com');
  // One person met four ways: a guest booking first, then a question, the newsletter, and an
  // application; and one who unsubscribed.
  await db.knex('bookings').insert(
    bookingRow(new Date(Date.now() + 86_400_000), {
      clientFirstName: 'Mira',
      clientLastName: 'Haugen',
      clientEmail: 'Mira.Haugen@Example.com',
      clientPhone: '612-555-0150',
      createdAt: day('2026-02-01'),
    }),
  );
  await db.knex('contactForms').insert({
    name: 'Mira H.',
    email: 'mira.haugen@example.com',
    topic: 'other',
    subject: '',
    message: 'Do you bring your own supplies?',
    createdAt: day('2026-03-01'),
  });
  await db.knex('newsletterSubscribers').insert([
    { email: 'mira.haugen@example.com', subscribedAt: day('2026-04-01') },
    { email: 'left.list@example.com', subscribedAt: day('2026-04-02'), unsubscribedAt: new Date() },
  ]);
  await db.knex('providerApplications').insert({
    firstName: 'Mira',
    lastName: 'Haugen',
    email: 'mira.haugen@example.com',
    phone: '612-555-0151',
    experience: 'Two years',
    availability: 'Weekends',
    whyJoin: 'Extra income',
    createdAt: day('2026-05-01'),
  });
});

const list = async (query = '') =>
  marketingContactsPageSchema.parse(
    (await staff('GET', `/api/admin/marketing-contacts${query}`)).json,
  );

describe('marketing contacts', () => {
  it('is one row per address with every source, the first sighting and the latest details', async () => {
    const { items, total } = await list('?q=haugen');
    expect(total).toBe(1);
    expect(items[0]).toEqual({
      email: 'mira.haugen@example.com',
      name: 'Mira Haugen',
      phone: '612-555-0151',
      sources: ['newsletter', 'contact_form', 'provider_application', 'guest_booking'],
      firstSeen: day('2026-02-01').toISOString(),
      consent: true,
    });
  });

  it('counts consent only from a live subscription (or the marketing list opt-in)', async () => {
    const gone = await list('?q=left.list');
    expect(gone.items[0]).toMatchObject({ sources: ['newsletter'], consent: false });
    const client = await list('?q=client@example.com');
    expect(client.items[0]).toMatchObject({ sources: ['client_account'], consent: false });
    const consenting = await list('?consent=yes');
    expect(consenting.items.every((c) => c.consent)).toBe(true);
    expect(consenting.items.map((c) => c.email)).toContain('mira.haugen@example.com');
    expect(consenting.items.map((c) => c.email)).not.toContain('left.list@example.com');
    const imported = await list('?source=imported');
    expect(imported.items.map((c) => c.email)).toEqual(['emily.carlson@example.net']);
  });

  it('never lists providers or admins as leads, and pages on the server', async () => {
    const all = await list();
    const emails = all.items.map((c) => c.email);
    expect(emails).not.toContain('provider@example.com');
    expect(emails).not.toContain('owner@example.com');
    expect(all.pageSize).toBe(50);
    expect(all.total).toBeGreaterThanOrEqual(all.items.length);
    expect((await staff('GET', '/api/admin/marketing-contacts?source=friends')).status).toBe(400);
  });

  it('exports the same rows as CSV', async () => {
    const request = await signInAs(api.url, 'owner@example.com');
    const res = await request('/api/admin/exports/marketing-contacts.csv?q=haugen');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /marketing-contacts-\d{4}-\d{2}-\d{2}\.csv/,
    );
    const lines = Buffer.from(await res.arrayBuffer())
      .toString('utf8')
      .split('\r\n');
    expect(lines).toEqual([
      '\uFEFFEmail,Name,Phone,Sources,First Seen,Marketing Consent',
      `mira.haugen@example.com,Mira Haugen,612-555-0151,Newsletter; Contact form; Provider applicant; Guest booking,${day('2026-02-01').toISOString()},yes`,
      '',
    ]);
  });
});
