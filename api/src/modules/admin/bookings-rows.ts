import type { AdminBookingRow } from '@twinclean/shared/admin-bookings';
import type { BookingStatus } from '@twinclean/shared/booking-status';
import { centsToDollars } from '@twinclean/shared/money';
import type { ServiceType } from '@twinclean/shared/services';
import type { Knex } from 'knex';
import { fullNameSql } from '../../core/sql';

// One row of the admin bookings tables, as the list, its provider pages and the CSV read it.

/**
 * final-price/approvals.ts's priceToConfirm, from the booking's own columns: no join, so the
 * list's page of rows costs what it did.
 */
const PRICE_TO_CONFIRM_SQL = `(b.service_type IN ('carpet', 'dry_cleaning') AND NOT b.price_is_final
        AND b.provider_id IS NOT NULL AND b.canceled_at IS NULL)`;

/** The row the tables show, for `bookings AS b` in `query`. */
export function withRowColumns(db: Knex, query: Knex.QueryBuilder): Knex.QueryBuilder {
  return query
    .leftJoin('users as p', 'p.id', 'b.providerId')
    .leftJoin('houseCleaningDetails as h', 'h.bookingId', 'b.id')
    .select(
      db.raw(`b.id, b.service_type, b.client_first_name, b.client_last_name, b.address, b.city,
        b.state, b.scheduled_date, b.scheduled_time, b.total_hours, b.provider_id,
        b.derived_status, b.total_amount_cents, b.created_at,
        COALESCE(h.selected_rooms, '{}') AS selected_rooms, ${fullNameSql('p')} AS provider_name,
        ${PRICE_TO_CONFIRM_SQL} AS price_to_confirm`),
    );
}

/** A booking as the list's query reads it. */
export type AdminBookingRecord = {
  id: string;
  serviceType: ServiceType;
  clientFirstName: string;
  clientLastName: string;
  address: string;
  city: string;
  state: string;
  selectedRooms: string[];
  scheduledDate: string;
  scheduledTime: string;
  totalHours: number | null;
  providerId: string | null;
  providerName: string | null;
  derivedStatus: BookingStatus;
  totalAmountCents: number;
  priceToConfirm: boolean;
  createdAt: Date;
};

export function toAdminRow(row: AdminBookingRecord): AdminBookingRow {
  return {
    id: row.id,
    serviceType: row.serviceType,
    clientFirstName: row.clientFirstName,
    clientLastName: row.clientLastName,
    address: row.address,
    city: row.city,
    state: row.state,
    selectedRooms: row.selectedRooms,
    scheduledDate: row.scheduledDate,
    scheduledTime: row.scheduledTime,
    totalHours: row.totalHours,
    providerId: row.providerId,
    providerName: row.providerName,
    status: row.derivedStatus,
    totalAmount: centsToDollars(row.totalAmountCents),
    priceToConfirm: row.priceToConfirm,
    createdAt: row.createdAt.toISOString(),
  };
}
