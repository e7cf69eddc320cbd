import { addDays, chicagoDate, chicagoInstant } from '@twinclean/shared/schedule';
import type { Knex } from 'knex';
import { demoAccounts } from '../../db/seeds/demo-accounts';
import { bookingRow } from './fixtures';

// Shared by the photo API tests (local disk and S3): jobs in each state, and multipart bodies.

/** A JPEG header: enough for the server's content check. */
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 1)]);

/** Tomorrow's 09:00 job of the demo client, assigned to Maria, clocked in or out as asked. */
export async function photoJob(
  knex: Knex,
  state: { clockedIn?: boolean; clockedOut?: boolean } = {},
): Promise<string> {
  const start = chicagoInstant(addDays(chicagoDate(new Date()), 1), '09:00');
  const [row] = await knex('bookings')
    .insert(
      bookingRow(start, {
        clientId: demoAccounts.client.id,
        providerId: demoAccounts.provider.id,
        assignedAt: new Date(),
        clockInAt: state.clockedIn || state.clockedOut ? new Date() : null,
        clockOutAt: state.clockedOut ? new Date() : null,
      }),
    )
    .returning('id');
  return row.id;
}

/** The provider app's upload: a photo type, the files, and each file's photo id when given. */
export function photoForm(
  photoType: string,
  files: { name: string; bytes: Buffer; id?: string }[],
): FormData {
  const form = new FormData();
  form.append('photoType', photoType);
  for (const file of files) {
    form.append('photos', new Blob([file.bytes]), file.name);
    if (file.id) form.append('photoIds', file.id);
  }
  return form;
}
