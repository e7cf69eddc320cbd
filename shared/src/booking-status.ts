import * as z from 'zod/mini';

export const bookingStatusSchema = z.enum([
  'pending_assignment',
  'assigned',
  'pending_deposit',
  'deposit_paid',
  'fully_paid',
  'en_route',
  'in_progress',
  'completed',
  'canceled',
]);
export type BookingStatus = z.infer<typeof bookingStatusSchema>;

/** The stored facts a booking's status is derived from (DECISIONS.md "Booking status"). */
export type BookingFacts = {
  providerId: string | null;
  depositRequestedAt: Date | string | null;
  amountPaidCents: number;
  depositAmountCents: number;
  totalAmountCents: number;
  enRouteAt: Date | string | null;
  clockInAt: Date | string | null;
  clockOutAt: Date | string | null;
  canceledAt: Date | string | null;
};

/** Precedence: canceled > completed > in_progress > en_route > fully_paid > deposit_paid >
 * pending_deposit > assigned > pending_assignment. */
export function deriveBookingStatus(facts: BookingFacts): BookingStatus {
  if (facts.canceledAt) return 'canceled';
  if (facts.clockOutAt) return 'completed';
  if (facts.clockInAt) return 'in_progress';
  if (facts.enRouteAt) return 'en_route';
  if (facts.totalAmountCents > 0 && facts.amountPaidCents >= facts.totalAmountCents) {
    return 'fully_paid';
  }
  if (facts.depositAmountCents > 0 && facts.amountPaidCents >= facts.depositAmountCents) {
    return 'deposit_paid';
  }
  if (facts.depositRequestedAt) return 'pending_deposit';
  if (facts.providerId) return 'assigned';
  return 'pending_assignment';
}

const STATUS_LABELS: Record<BookingStatus, string> = {
  pending_assignment: 'Pending Assignment',
  assigned: 'Assigned',
  pending_deposit: 'Pending Deposit',
  deposit_paid: 'Deposit Paid',
  fully_paid: 'Fully Paid',
  en_route: 'En Route',
  in_progress: 'In Progress',
  completed: 'Completed',
  canceled: 'Canceled',
};

/** A status in words for badges; one an older phone does not know reads as its words. */
export const statusLabel = (status: string): string =>
  STATUS_LABELS[status as BookingStatus] ?? status.replaceAll('_', ' ');
