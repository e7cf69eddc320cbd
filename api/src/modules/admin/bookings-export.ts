import { Readable } from 'node:stream';
import type { AdminBookingRow } from '@twinclean/shared/admin-bookings';
import { chicagoDate } from '@twinclean/shared/schedule';
import { serviceTitle } from '@twinclean/shared/services';
import type { Knex } from 'knex';
import { knexSnakeCaseMappers } from 'objection';
import type { AdminBookingFilters } from './bookings-filter';
import { adminBookingsSql } from './bookings-list';
import { type AdminBookingRecord, toAdminRow } from './bookings-rows';
import { csvHeader, csvLine } from './csv';

/** Rows per FETCH: a few hundred kB in memory, however many rows match. */
const BATCH = 1000;
const CURSOR = 'admin_bookings_export';

const HEADER = [
  'Booking ID',
  'Service',
  'Client',
  'Address',
  'City',
  'State',
  'Rooms',
  'Date',
  'Time',
  'Hours',
  'Provider',
  'Status',
  'Amount',
  'Created At',
];

const words = (key: string) => key.replaceAll('_', ' ');

function line(row: AdminBookingRow): string {
  return csvLine([
    row.id,
    serviceTitle(row.serviceType),
    `${row.clientFirstName} ${row.clientLastName}`,
    row.address,
    row.city,
    row.state,
    row.selectedRooms.map(words).join('; '),
    row.scheduledDate,
    row.scheduledTime,
    row.totalHours?.toFixed(1) ?? null,
    row.providerName ?? 'Unassigned',
    words(row.status),
    row.totalAmount,
    row.createdAt,
  ]);
}

/** `bookings-2026-11-24.csv`, dated in Chicago like everything the business sees. */
export const exportFileName = (now: Date) => `bookings-${chicagoDate(now)}.csv`;

// A cursor's rows come back as PostgreSQL named them.
const { postProcessResponse: camelCaseRows } = knexSnakeCaseMappers();

/**
 * GET /api/admin/exports/bookings.csv: every booking the filters match, in the list's order,
 * read through a cursor a batch at a time as the client takes the file, so 100,000 rows never
 * sit in memory. The first batch is read before answering, so a failing query is still an error
 * answer rather than a cut-off file.
 */
export async function exportAdminBookings(
  db: Knex,
  filters: AdminBookingFilters,
): Promise<Readable> {
  const { sql, bindings } = adminBookingsSql(db, filters);
  const trx = await db.transaction();
  // Once only, whoever gets there first; a rollback that fails has lost its connection, which
  // the pool replaces, so there is nothing more to do about it.
  const end = async () => {
    if (!trx.isCompleted()) await trx.rollback().catch(() => undefined);
  };
  const fetchBatch = async () =>
    (
      camelCaseRows((await trx.raw(`FETCH ${BATCH} FROM ${CURSOR}`)).rows) as AdminBookingRecord[]
    ).map(toAdminRow);
  let first: AdminBookingRow[];
  try {
    await trx.raw(`DECLARE ${CURSOR} NO SCROLL CURSOR FOR ${sql}`, bindings);
    first = await fetchBatch();
  } catch (error) {
    await end();
    throw error;
  }
  async function* lines() {
    try {
      yield csvHeader(HEADER);
      for (let batch = first; batch.length; batch = await fetchBatch()) {
        yield batch.map(line).join('');
        if (batch.length < BATCH) break;
      }
      await trx.commit();
    } finally {
      await end();
    }
  }
  const file = Readable.from(lines());
  // A client that leaves mid-file (or before the first byte, when the generator above never
  // starts and its finally never runs) closes the stream: the transaction, and the pooled
  // connection it holds, end then.
  file.once('close', () => void end());
  return file;
}
