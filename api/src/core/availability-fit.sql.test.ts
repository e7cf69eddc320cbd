import { chicagoInstant } from '@twinclean/shared/schedule';
import { beforeAll, describe, expect, it } from 'vitest';
import { bookingRow, nextWeekday } from '../test/fixtures';
import { newUser } from '../test/people';
import { useTestDatabase } from '../test/test-database';
import { fitsProviderWeek, providersFitting } from './availability-fit.sql';

const db = useTestDatabase();
const MONDAY = 1;
const TUESDAY = 2;

type Slot = [day: number, start: string, end: string, active?: boolean];

async function providerWith(slots: Slot[]): Promise<string> {
  const { id } = await newUser(db.knex, 'provider');
  if (slots.length) {
    await db.knex('availabilitySlots').insert(
      slots.map(([dayOfWeek, startTime, endTime, isActive = true]) => ({
        providerId: id,
        dayOfWeek,
        startTime,
        endTime,
        isActive,
      })),
    );
  }
  return id;
}

async function job(day: number, time: string, hours: number): Promise<string> {
  const start = chicagoInstant(nextWeekday(day), time);
  const [row] = await db
    .knex('bookings')
    .insert(bookingRow(start, {}, hours))
    .returning('id');
  return row.id;
}

let split: string; // Monday 08:00–12:00 and 12:00–16:00, touching: one stretch
let gapped: string; // Monday 08:00–11:00 and 12:00–16:00: two stretches
let idle: string; // the same two slots as `split`, both switched off
let none: string; // no slots at all

beforeAll(async () => {
  split = await providerWith([
    [MONDAY, '12:00', '16:00'],
    [MONDAY, '08:00', '12:00'],
  ]);
  gapped = await providerWith([
    [MONDAY, '08:00', '11:00'],
    [MONDAY, '12:00', '16:00'],
  ]);
  idle = await providerWith([
    [MONDAY, '08:00', '12:00', false],
    [MONDAY, '12:00', '16:00', false],
  ]);
  none = await providerWith([]);
});

describe('fitsProviderWeek', () => {
  it('takes a job across two touching slots, inside one stretch', async () => {
    const across = await job(MONDAY, '10:00', 4);
    expect(await fitsProviderWeek(db.knex, split, across)).toBe(true);
    expect(await fitsProviderWeek(db.knex, gapped, across)).toBe(false);
  });

  it('refuses a job that ends after its stretch, starts before it, or is on another day', async () => {
    expect(await fitsProviderWeek(db.knex, split, await job(MONDAY, '15:00', 2))).toBe(false);
    expect(await fitsProviderWeek(db.knex, split, await job(MONDAY, '07:30', 2))).toBe(false);
    expect(await fitsProviderWeek(db.knex, split, await job(TUESDAY, '10:00', 2))).toBe(false);
    expect(await fitsProviderWeek(db.knex, split, await job(MONDAY, '14:00', 2))).toBe(true);
  });

  it('reads only active slots, and a provider with none fits nothing', async () => {
    const inside = await job(MONDAY, '09:00', 2);
    expect(await fitsProviderWeek(db.knex, idle, inside)).toBe(false);
    expect(await fitsProviderWeek(db.knex, none, inside)).toBe(false);
    expect(await fitsProviderWeek(db.knex, gapped, inside)).toBe(true);
  });
});

describe('providersFitting', () => {
  it('answers exactly the providers of the given slots whose stretches the job fits', async () => {
    const slotsOf = (ids: string[]) =>
      db
        .knex('availabilitySlots')
        .whereIn('providerId', ids)
        .where({ isActive: true })
        .select('providerId', 'dayOfWeek', 'startTime', 'endTime');
    const all = [split, gapped, idle, none];
    const across = await job(MONDAY, '10:00', 4);
    const morning = await job(MONDAY, '08:30', 2);
    const ids = async (bookingId: string, providers: string[]) =>
      ((await providersFitting(db.knex, slotsOf(providers), bookingId)) as { providerId: string }[])
        .map((row) => row.providerId)
        .sort();
    expect(await ids(across, all)).toEqual([split]);
    expect(await ids(morning, all)).toEqual([split, gapped].sort());
    expect(await ids(morning, [gapped])).toEqual([gapped]);
  });
});
