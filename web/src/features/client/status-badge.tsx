import { type BookingStatus, statusLabel } from '@twinclean/shared/booking-status';
import { Badge, type BadgeTone } from '@twinclean/shared/ui/badge';

const TONES: Partial<Record<BookingStatus, BadgeTone>> = {
  pending_deposit: 'warning',
  deposit_paid: 'brand',
  fully_paid: 'brand',
  en_route: 'brand',
  in_progress: 'brand',
  completed: 'success',
  canceled: 'danger',
};

/** The booking's status in words ("Pending Deposit"); colour only repeats what the words say. */
export function StatusBadge({ status }: { status: BookingStatus }) {
  return (
    <Badge tone={TONES[status] ?? 'neutral'}>
      <span className="sr-only">Status: </span>
      {statusLabel(status)}
    </Badge>
  );
}
