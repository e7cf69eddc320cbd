import { createFileRoute } from '@tanstack/react-router';
import { availabilityLoader } from '../features/availability/availability-loader';
import { AvailabilityPage } from '../features/availability/availability-page';

export const Route = createFileRoute('/availability')({
  loader: availabilityLoader,
  component: AvailabilityPage,
});
