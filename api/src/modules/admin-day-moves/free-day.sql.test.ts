import { addDays, chicagoInstant } from '@twinclean/shared/schedule';
import { describe, expect, it } from 'vitest';
import { bookingRow, nextWeekday } from '../../test/fixtures';
import { newUser } from '../../test/people';
import { useTestDatabase } from '../../test/test-database';
import { firstFreeDay } from './free-day.sql';

const db = useTestDatabase();
const dow = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

async function provider(slots: [string, string, string][]) {
  const { id } = await newUser(db.knex, 'provider');
  for (const [date, startTime, endTime] of slots) {
    await db
      .knex('availabilitySlots')
      .insert({ providerId: id, dayOfWeek: dow(date), startTime, endTime, isActive: true });
  }
  return id;
}

async function job(date: string, time: string, hours: number, providerId: string | null) {
  const row = bookingRow(
    chicagoInstant(date, time),
    {
      providerId,
      assignedAt: providerId ? new Date() : null,
    },
    hours,
  );
  const [inserted] = await db.knex('bookings').insert(row).returning('id');
  return inserted.id as string;
}

describe('firstFreeDay', () => {
  const day = nextWeekday(1);
  const days = [1, 2, 3, 4, 5, 6, 7].map((n) => addDays(day, n));

  it('takes the first day whose stretch covers the whole visit, in the order given', async () => {
    const id = await provider([
      [addDays(day, 1), '08:00', '10:00'], // ends before the visit does
      [addDays(day, 2), '10:00', '12:00'], // starts after it
      [addDays(day, 3), '08:00', '10:00'],
      [addDays(day, 3), '10:00', '16:00'], // two touching slots: one stretch
      [addDays(day, 4), '08:00', '16:00'],
    ]);
    const visit = await job(day, '09:00', 3, id);
    expect(await firstFreeDay(db.knex, id, visit, days)).toBe(addDays(day, 3));
    expect(await firstFreeDay(db.knex, id, visit, days.slice(3))).toBe(addDays(day, 4));
    expect(await firstFreeDay(db.knex, id, visit, days.slice(0, 2))).toBeNull();
  });

  it('skips a day with an overlapping job of theirs, not one that only touches', async () => {
    const id = await provider([]);
    const visit = await job(day, '10:00', 2, id);
    await job(addDays(day, 1), '11:00', 2, id); // overlaps 10–12
    await job(addDays(day, 2), '08:00', 2, id); // ends at 10: touches
    await job(addDays(day, 3), '10:00', 2, null); // not theirs
    expect(await firstFreeDay(db.knex, id, visit, days)).toBe(addDays(day, 2));
    // With no slots at all, any day fits (DECISIONS.md "Providers"): only jobs get in the way.
    expect(await firstFreeDay(db.knex, id, visit, days.slice(2))).toBe(addDays(day, 3));
  });

  it('ignores a canceled job and switched-off slots', async () => {
    const id = await provider([[addDays(day, 1), '08:00', '16:00']]);
    await db.knex('availabilitySlots').insert({
      providerId: id,
      dayOfWeek: dow(addDays(day, 2)),
      startTime: '08:00',
      endTime: '16:00',
      isActive: false,
    });
    const visit = await job(day, '09:00', 2, id);
    const other = await job(addDays(day, 1), '09:00', 2, id);
    expect(await firstFreeDay(db.knex, id, visit, days)).toBeNull();
    await db
      .knex('bookings')
      .where({ id: other })
      .update({ canceledAt: new Date(), cancellationReason: 'Plans changed' });
    expect(await firstFreeDay(db.knex, id, visit, days)).toBe(addDays(day, 1));
  });
});
