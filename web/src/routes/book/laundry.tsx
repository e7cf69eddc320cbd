import { createFileRoute } from '@tanstack/react-router';
import { ensureSpecialBookingData } from '../../features/booking/api';
import { LaundryBookingPage } from '../../features/booking/laundry-form';

export const Route = createFileRoute('/book/laundry')({
  loader: ({ context }) => ensureSpecialBookingData(context.queryClient),
  component: LaundryBookingPage,
});
