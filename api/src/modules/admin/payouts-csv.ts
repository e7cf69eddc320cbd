import type { AdminPayout, payoutFiltersSchema } from '@twinclean/shared/admin';
import { chicagoDate } from '@twinclean/shared/schedule';
import type { Knex } from 'knex';
import type * as z from 'zod/mini';
import { type Cell, toCsv } from '../../core/csv';
import { allPayouts } from './payouts';

const HEADER = [
  'Provider',
  'Address',
  'City',
  'State',
  'Hours',
  'Rate',
  'Wait Pay',
  'Bonus',
  'Total',
  'Status',
  'Verified',
  'Clock In Latitude',
  'Clock In Longitude',
  'Clock Out Latitude',
  'Clock Out Longitude',
  'Created At',
  'Paid At',
  'Paid By',
  // Last, so a spreadsheet that reads the columns by position keeps working.
  'Needs Review',
  // After it for the same reason: the provider's tips, a line of its own, not in Total.
  'Tip',
  // A tip that came after Mark Paid and is not paid out yet.
  'Tip Owed',
] as const;

const row = (p: AdminPayout): Cell[] => [
  `${p.provider.firstName} ${p.provider.lastName}`,
  p.booking.address,
  p.booking.city,
  p.booking.state,
  // What the total pays for: the paid hours, not the measured ones.
  p.hoursPaid.toFixed(2),
  p.hourlyRate,
  p.waitPay,
  p.bonus,
  p.totalAmount,
  p.status,
  p.geofenceVerified ? 'yes' : 'no',
  p.clockInLatitude,
  p.clockInLongitude,
  p.clockOutLatitude,
  p.clockOutLongitude,
  p.createdAt,
  p.paidAt,
  p.paidBy,
  p.reviewReason,
  p.tip,
  p.tipOwed,
];

/** GET /api/admin/exports/payouts.csv: what the payouts page lists, every page, for the books. */
export async function payoutsCsv(
  db: Knex,
  filters: z.output<typeof payoutFiltersSchema>,
  now = new Date(),
): Promise<{ filename: string; csv: string }> {
  const payouts = await allPayouts(db, filters);
  return {
    // Dated by the business's day, so an export made late on the 24th says the 24th.
    filename: `payouts-${chicagoDate(now)}.csv`,
    csv: toCsv(HEADER, payouts.map(row)),
  };
}
