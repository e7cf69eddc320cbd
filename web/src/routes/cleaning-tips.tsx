import { createFileRoute } from '@tanstack/react-router';
import { TipsPage } from '../features/marketing/tips-page';

export const Route = createFileRoute('/cleaning-tips')({
  component: () => <TipsPage title="Cleaning Tips" />,
});
