import { createFileRoute, redirect } from '@tanstack/react-router';
import { z } from 'zod';
import { ensureWizardData } from '../../features/booking/api';
import { BookingPage } from '../../features/booking/booking-page';

// DECISIONS.md: the service shortcut picks the form; house cleaning (or none) is the wizard.
const SERVICE_PAGES = {
  'carpet-cleaning': '/book/carpet',
  'rug-cleaning': '/book/dry-cleaning',
  laundry: '/book/laundry',
} as const;

export const Route = createFileRoute('/book/')({
  validateSearch: z.object({ service: z.string().optional().catch(undefined) }),
  beforeLoad: ({ search }) => {
    const page = SERVICE_PAGES[search.service as keyof typeof SERVICE_PAGES];
    if (page) throw redirect({ href: page });
  },
  loader: ({ context }) => ensureWizardData(context.queryClient),
  component: BookingPage,
});
