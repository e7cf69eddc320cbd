import { beforeAll, describe, expect, it } from 'vitest';
import { bookingRow } from '../../test/fixtures';
import { newUser } from '../../test/people';
import { useTestDatabase } from '../../test/test-database';
import { contactCount, contactRows, contactsExportQuery } from './marketing-contacts.sql';

const db = useTestDatabase();
const day = (d: string) => new Date(`${d}T12:00:00Z`);
const ALL = {};

beforeAll(async () => {
  // Ana is met three ways (a guest booking, a question, the newsletter); Ben is imported with
  // consent and 50%_off in his name; Cy left the newsletter; a client account is met once.
  await db.knex('bookings').insert(
    bookingRow(new Date(Date.now() + 86_400_000), {
      clientFirstName: 'Ana',
      clientLastName: 'Lind',
      clientEmail: 'Ana.Lind@Example.com',
      clientPhone: '612-555-0101',
      createdAt: day('2026-01-10'),
    }),
  );
  await db.knex('contactForms').insert({
    name: 'Ana L.',
    email: 'ana.lind@example.com',
    phone: '612-555-0199',
    topic: 'other',
    subject: '',
    message: 'Supplies?',
    createdAt: day('2026-02-10'),
  });
  await db.knex('newsletterSubscribers').insert([
    { email: 'ana.lind@example.com', subscribedAt: day('2026-03-10') },
    { email: 'cy@example.com', subscribedAt: day('2026-03-11'), unsubscribedAt: day('2026-03-12') },
  ]);
  await db.knex('marketingContacts').insert({
    email: 'ben@example.com',
    firstName: 'Ben',
    lastName: '50%_off',
    source: 'import',
    consent: true,
    createdAt: day('2026-04-10'),
  });
  await db
    .knex('users')
    .where({ id: (await newUser(db.knex)).id })
    .update({
      email: 'dee@example.com',
      createdAt: day('2026-05-10'),
    });
});

describe('marketing contacts (SQL)', () => {
  it('is one row per address, newest first sighting first, with every source and the latest details', async () => {
    const rows = await contactRows(db.knex, ALL, 10, 0);
    expect(rows.map((r) => r.email)).toEqual([
      'dee@example.com',
      'ben@example.com',
      'cy@example.com',
      'ana.lind@example.com',
    ]);
    const ana = rows.find((r) => r.email === 'ana.lind@example.com');
    expect(ana).toMatchObject({ name: 'Ana L.', phone: '612-555-0199', consent: true });
    expect([...(ana?.sources ?? [])].sort()).toEqual([
      'contact_form',
      'guest_booking',
      'newsletter',
    ]);
    expect(ana?.firstSeen).toEqual(day('2026-01-10'));
    expect(rows.find((r) => r.email === 'ben@example.com')).toMatchObject({
      name: 'Ben 50%_off',
      sources: ['imported'],
      consent: true,
    });
    expect(rows.find((r) => r.email === 'cy@example.com')?.consent).toBe(false);
    expect(rows.find((r) => r.email === 'dee@example.com')).toMatchObject({
      name: 'Cora Tester',
      sources: ['client_account'],
      consent: false,
    });
  });

  it('filters by text (its % and _ taken literally), by source and by consent, and counts the same', async () => {
    const emails = async (filters: Parameters<typeof contactRows>[1]) =>
      (await contactRows(db.knex, filters, 10, 0)).map((r) => r.email);
    expect(await emails({ q: '%_off' })).toEqual(['ben@example.com']);
    expect(await emails({ q: '_' })).toEqual(['ben@example.com']);
    expect(await emails({ q: '0199' })).toEqual(['ana.lind@example.com']);
    expect(await emails({ source: 'newsletter' })).toEqual([
      'cy@example.com',
      'ana.lind@example.com',
    ]);
    expect(await emails({ consent: 'yes' })).toEqual(['ben@example.com', 'ana.lind@example.com']);
    expect(await emails({ consent: 'no', source: 'newsletter' })).toEqual(['cy@example.com']);
    expect(await contactCount(db.knex, ALL)).toBe(4);
    expect(await contactCount(db.knex, { consent: 'yes' })).toBe(2);
    expect(await contactCount(db.knex, { q: 'nobody' })).toBe(0);
  });

  it('pages by limit and offset, and the export reads the same rows in the same order', async () => {
    const second = await contactRows(db.knex, ALL, 2, 2);
    expect(second.map((r) => r.email)).toEqual(['cy@example.com', 'ana.lind@example.com']);
    const query = contactsExportQuery({ source: 'newsletter' });
    const { rows } = await db.knex.raw<{ rows: { email: string }[] }>(query.sql, query.bindings);
    expect(rows.map((r) => r.email)).toEqual(['cy@example.com', 'ana.lind@example.com']);
  });
});
