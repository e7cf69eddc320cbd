import { createFileRoute } from '@tanstack/react-router';
import { payoutsLoader } from '../features/payouts/payouts-loader';
import { PayoutsPage } from '../features/payouts/payouts-page';

export const Route = createFileRoute('/payouts')({
  loader: payoutsLoader,
  component: PayoutsPage,
});
