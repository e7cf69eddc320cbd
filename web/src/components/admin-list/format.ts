import type { BookingStatus } from '@twinclean/shared/booking-status';
import type { BadgeTone } from '@twinclean/shared/ui/badge';

// How the admin tables write things (spec 2 "Admin bookings").

/** Room keys and statuses with their underscores turned into spaces: "full bathroom 1". */
export const words = (key: string) => key.replaceAll('_', ' ');

/** Completed in the default style, canceled in the destructive one, every other outlined. */
export const statusTone = (status: BookingStatus): BadgeTone =>
  status === 'completed' ? 'brand' : status === 'canceled' ? 'danger' : 'neutral';
