import { createFileRoute } from '@tanstack/react-router';
import { ensureSpecialBookingData } from '../../features/booking/api';
import { CarpetBookingPage } from '../../features/booking/carpet-form';

export const Route = createFileRoute('/book/carpet')({
  loader: ({ context }) => ensureSpecialBookingData(context.queryClient),
  component: CarpetBookingPage,
});
