import { createFileRoute } from '@tanstack/react-router';
import { ensureSpecialBookingData } from '../../features/booking/api';
import { DryCleaningBookingPage } from '../../features/booking/dry-cleaning-form';

export const Route = createFileRoute('/book/dry-cleaning')({
  loader: ({ context }) => ensureSpecialBookingData(context.queryClient),
  component: DryCleaningBookingPage,
});
