import { createFileRoute } from '@tanstack/react-router';
import { GiftCardPage } from '../features/gift-cards/gift-card-page';

export const Route = createFileRoute('/gift-cards')({
  component: GiftCardPage,
});
