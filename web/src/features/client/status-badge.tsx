import type { BookingStatus } from '@twinclean/shared/booking-status';
import { Badge, type BadgeTone } from '@twinclean/shared/ui/badge';
import { statusLabel } from './format';

const TONES: Partial<Record<BookingStatus, BadgeTone>> = {
  pending_deposit: 'warning',
  deposit_paid: 'brand',
  fully_paid: 'brand',
  en_route: 'brand',
  in_progress: 'brand',
  completed: 'success',
  canceled: 'danger',
};

/** The booking's status in words ("pending deposit"); colour only repeats what the words say. */
export function StatusBadge({ status }: { status: BookingStatus }) {
  return (
    <Badge tone={TONES[status] ?? 'neutral'} className="capitalize">
      <span className="sr-only">Status: </span>
      {statusLabel(status)}
    </Badge>
  );
}
