import {
  ENTRY_NOTES_AFTER_START_HOURS,
  ENTRY_NOTES_LEAD_HOURS,
  type VisitHomeNotes,
} from '@twinclean/shared/homes';
import type { Knex } from 'knex';
import { audit } from '../../core/audit';
import { Booking } from '../../models/booking';
import { Home } from '../../models/home';
import { HouseCleaningDetails } from '../../models/house-cleaning-details';
import { dataCipher } from '../../security/data-cipher';

const HOUR_MS = 3_600_000;

/**
 * What the provider assigned to a visit may know of its home (DECISIONS.md "Recurring visits,
 * homes and entry notes"): pets and parking always, the entry notes only from 24 h before the
 * visit until it is clocked out or canceled (or a day past its start), each reading kept in the audit log. Null when the
 * visit is not this provider's (the caller answers 404, as for a visit that does not exist).
 */
export async function visitHomeNotes(
  db: Knex,
  providerId: string,
  bookingId: string,
  now: Date,
): Promise<VisitHomeNotes | null> {
  const booking = await Booking.query(db).findById(bookingId).where({ providerId });
  if (!booking) return null;
  const home = booking.homeId ? await Home.query(db).findById(booking.homeId) : undefined;
  if (!home) {
    // A guest's booking has no saved home, so no entry notes: pets come from the booking itself.
    const house = await HouseCleaningDetails.query(db).findById(booking.id);
    return {
      hasPets: house?.hasPets ?? false,
      petDetails: house?.petDetails ?? '',
      parkingNotes: '',
      entryNotes: null,
      entryNotesFrom: null,
    };
  }
  const start = booking.scheduledAt.getTime();
  const over =
    booking.clockOutAt !== null ||
    booking.canceledAt !== null ||
    now.getTime() >= start + ENTRY_NOTES_AFTER_START_HOURS * HOUR_MS;
  const from = new Date(booking.scheduledAt.getTime() - ENTRY_NOTES_LEAD_HOURS * HOUR_MS);
  const sealed = over ? null : home.entryNotesSealed;
  const base = {
    hasPets: home.hasPets,
    petDetails: home.petDetails,
    parkingNotes: home.parkingNotes,
    entryNotesFrom: sealed ? from.toISOString() : null,
  };
  if (!sealed || now < from) return { ...base, entryNotes: null };
  const entryNotes = (await dataCipher(db)).open(sealed);
  await db.transaction((trx) =>
    audit(trx, {
      actorId: providerId,
      action: 'home.entry_notes_reveal',
      entity: 'booking',
      entityId: booking.id,
      before: null,
      after: { homeId: home.id },
    }),
  );
  return { ...base, entryNotes };
}
