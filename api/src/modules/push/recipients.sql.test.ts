import { chicagoInstant } from '@twinclean/shared/schedule';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingRow, nextWeekday } from '../../test/fixtures';
import { newUser } from '../../test/people';
import { useTestDatabase } from '../../test/test-database';
import { providersCoveringJob } from './recipients.sql';

const db = useTestDatabase();
const MONDAY = 1;

let devices = 0;
/** A user of `role` with Monday slots from `slots`, and a phone subscribed to alerts if `phone`. */
async function person(
  role: 'client' | 'provider',
  slots: [string, string][],
  { phone = true, fields = {} }: { phone?: boolean; fields?: Record<string, unknown> } = {},
): Promise<string> {
  const { id } = await newUser(db.knex, role, fields);
  for (const [startTime, endTime] of slots) {
    await db
      .knex('availabilitySlots')
      .insert({ providerId: id, dayOfWeek: MONDAY, startTime, endTime });
  }
  if (phone) {
    devices += 1;
    await db.knex('pushSubscriptions').insert({
      userId: id,
      endpoint: `https://push.example.com/${devices}`,
      p256dh: 'key',
      auth: 'secret',
    });
  }
  return id;
}

let covering: string;
let split: string; // 08:00–10:00 and 10:00–13:00: one stretch
let noPhone: string;
let deactivated: string;
let tooShort: string;
let client: string;
let bookingId: string;

beforeAll(async () => {
  covering = await person('provider', [['08:00', '12:00']]);
  split = await person('provider', [
    ['10:00', '13:00'],
    ['08:00', '10:00'],
  ]);
  noPhone = await person('provider', [['08:00', '12:00']], { phone: false });
  deactivated = await person('provider', [['08:00', '12:00']], {
    fields: { deactivatedAt: new Date() },
  });
  tooShort = await person('provider', [['08:00', '10:00']]);
  client = await person('client', [['08:00', '12:00']]);
  const [row] = await db
    .knex('bookings')
    .insert(bookingRow(chicagoInstant(nextWeekday(MONDAY), '09:00'), {}, 2))
    .returning('id');
  bookingId = row.id;
});

describe('providersCoveringJob', () => {
  it('answers the subscribed, active providers whose stretches the job fits', async () => {
    const rows = (await providersCoveringJob(db.knex, bookingId)) as { providerId: string }[];
    const ids = rows.map((row) => row.providerId).sort();
    expect(ids).toEqual([covering, split].sort());
    for (const left of [noPhone, deactivated, tooShort, client]) expect(ids).not.toContain(left);
  });

  it('answers no one for a job nobody covers', async () => {
    const [row] = await db
      .knex('bookings')
      .insert(bookingRow(chicagoInstant(nextWeekday(MONDAY), '12:30'), {}, 1))
      .returning('id');
    expect(await providersCoveringJob(db.knex, row.id)).toEqual([]);
  });
});
