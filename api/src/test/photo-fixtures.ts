import { deflateSync } from 'node:zlib';
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

/**
 * The provider app's upload: a photo type, the files, and each file's photo id and size (as the
 * phone measured it) when given.
 */
export function photoForm(
  photoType: string,
  files: { name: string; bytes: Buffer; id?: string; width?: string; height?: string }[],
): FormData {
  const form = new FormData();
  form.append('photoType', photoType);
  for (const file of files) {
    form.append('photos', new Blob([file.bytes]), file.name);
    if (file.id) form.append('photoIds', file.id);
    if (file.width !== undefined) form.append('photoWidths', file.width);
    if (file.height !== undefined) form.append('photoHeights', file.height);
  }
  return form;
}

/** A real PNG of the given size, grey: for what the server reads of a picture's dimensions. */
export function pngOfSize(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0; // each row unfiltered
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
