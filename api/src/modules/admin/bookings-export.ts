import type { Readable } from 'node:stream';
import type { AdminBookingRow } from '@twinclean/shared/admin-bookings';
import { chicagoDate } from '@twinclean/shared/schedule';
import { serviceTitle } from '@twinclean/shared/services';
import type { Knex } from 'knex';
import type { Cell } from '../../core/csv';
import { streamCsv } from '../../core/csv-stream';
import type { AdminBookingFilters } from './bookings-filter';
import { adminBookingsSql } from './bookings-list.sql';
import { type AdminBookingRecord, toAdminRow } from './bookings-rows';

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

function cells(row: AdminBookingRow): Cell[] {
  return [
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
  ];
}

/** `bookings-2026-11-24.csv`, dated in Chicago like everything the business sees. */
export const exportFileName = (now: Date) => `bookings-${chicagoDate(now)}.csv`;

/** GET /api/admin/exports/bookings.csv: every booking the filters match, in the list's order. */
export const exportAdminBookings = (db: Knex, filters: AdminBookingFilters): Promise<Readable> =>
  streamCsv<AdminBookingRecord>(db, adminBookingsSql(db, filters), HEADER, (record) =>
    cells(toAdminRow(record)),
  );
