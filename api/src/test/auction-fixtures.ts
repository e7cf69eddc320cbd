import { addDays, chicagoDate, chicagoInstant } from '@twinclean/shared/schedule';
import type { Knex } from 'knex';
import { bookingRow } from './fixtures';
import { newUser } from './people';

// Shared by the auction-board API tests: open jobs, and providers who are VIP or not.

export const HOUR = 3_600_000;

let jobs = 0;
/** An open house-cleaning job `daysAhead` days out at 10:00 (Chicago), with its own client. */
export async function openJob(knex: Knex, daysAhead = 1): Promise<string> {
  jobs += 1;
  const start = chicagoInstant(addDays(chicagoDate(new Date()), daysAhead), '10:00');
  const [row] = await knex('bookings')
    .insert(bookingRow(start, { clientEmail: `auction-${jobs}-${Date.now()}@example.com` }))
    .returning('id');
  return row.id;
}

/** A provider an admin marked VIP. */
export const markedVip = (knex: Knex) => newUser(knex, 'provider', { vipMarkedAt: new Date() });

/** A provider with these stars on as many past jobs (a rating of their average). */
export async function ratedProvider(knex: Knex, stars: number[]) {
  const provider = await newUser(knex, 'provider');
  const past = new Date(Date.now() - 10 * 24 * HOUR);
  for (const star of stars) {
    const [job] = await knex('bookings')
      .insert(
        bookingRow(past, {
          providerId: provider.id,
          assignedAt: past,
          clockInAt: past,
          clockOutAt: new Date(past.getTime() + 2 * HOUR),
        }),
      )
      .returning('id');
    await knex('ratings').insert({ bookingId: job.id, providerId: provider.id, stars: star });
  }
  return provider;
}
