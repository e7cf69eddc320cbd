import { createFileRoute } from '@tanstack/react-router';
import { ensureWizardData } from '../../features/booking/api';
import { BookingPage } from '../../features/booking/booking-page';

export const Route = createFileRoute('/book/house')({
  loader: ({ context }) => ensureWizardData(context.queryClient),
  component: BookingPage,
});
