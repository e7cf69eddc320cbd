import { createFileRoute, redirect } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { ensureWizardData } from '../../features/booking/api';
import { BookingPage } from '../../features/booking/booking-page';

// DECISIONS.md: the service shortcut picks the form; house cleaning (or none) is the wizard.
const SERVICE_PAGES = {
  'carpet-cleaning': '/book/carpet',
  'rug-cleaning': '/book/dry-cleaning',
  laundry: '/book/laundry',
} as const;

export const Route = createFileRoute('/book/')({
  validateSearch: z.object({ service: z.catch(z.optional(z.string()), undefined) }),
  beforeLoad: ({ search }) => {
    const page = SERVICE_PAGES[search.service as keyof typeof SERVICE_PAGES];
    if (page) throw redirect({ href: page });
  },
  loader: ({ context }) => ensureWizardData(context.queryClient),
  component: BookingPage,
});
