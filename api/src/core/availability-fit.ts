import type { Knex } from 'knex';
import { AvailabilitySlot } from '../models/availability-slot';
import { fitsProviderWeek } from './availability-fit.sql';

/**
 * Whether the provider's week still covers this booking (after it moved), by the board's rule
 * (availability-fit.sql.ts). A provider with no active slots takes any time (DECISIONS.md
 * "Providers": they see every open job).
 */
export async function providerStillFits(
  db: Knex,
  providerId: string,
  bookingId: string,
): Promise<boolean> {
  const anySlot = await AvailabilitySlot.query(db)
    .where({ providerId, isActive: true })
    .select('id')
    .first();
  if (!anySlot) return true;
  return fitsProviderWeek(db, providerId, bookingId);
}
