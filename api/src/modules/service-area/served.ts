import { notServedMessage } from '@twinclean/shared/service-area';
import type { Knex } from 'knex';
import zipcodes from 'zipcodes';
import { AppError } from '../../errors';
import { ServedZip } from '../../models/service-area';

// The one home of the service-area rule (issue 34): a booking's home (and where laundry comes
// back) must be in a served ZIP, or the booking is refused with 422 and the forms' own words.

/** "Duluth, MN" for a ZIP the ZIP table knows; null otherwise. */
export function placeOf(zip: string): string | null {
  const found = zipcodes.lookup(zip);
  return found ? `${found.city}, ${found.state}` : null;
}

export async function isServed(db: Knex, zip: string): Promise<boolean> {
  return Boolean(await ServedZip.query(db).findById(zip));
}

/**
 * Refuses (422, `not_served`) the first of these ZIPs we do not serve, named under its form
 * field, before anything is written. Run inside the booking's transaction, on the address the
 * booking will have (a saved home's, whatever the form sent).
 */
export async function requireServed(
  db: Knex,
  places: { zip: string; field: string }[],
): Promise<void> {
  const zips = [...new Set(places.map((p) => p.zip))];
  const served = new Set(
    (await ServedZip.query(db).whereIn('zip', zips).select('zip')).map((row) => row.zip),
  );
  const missing = places.find((p) => !served.has(p.zip));
  if (!missing) return;
  const message = notServedMessage(missing.zip);
  throw new AppError(422, 'not_served', message, { fields: { [missing.field]: message } });
}
