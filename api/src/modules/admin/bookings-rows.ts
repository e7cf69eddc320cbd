import type { AdminBookingRow } from '@twinclean/shared/admin-bookings';
import type { BookingStatus } from '@twinclean/shared/booking-status';
import { centsToDollars } from '@twinclean/shared/money';
import type { ServiceType } from '@twinclean/shared/services';

// One row of the admin bookings tables, as the list, its provider pages and the CSV read it
// (bookings-list.sql.ts).

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
