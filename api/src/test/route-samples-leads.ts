import { randomUUID } from 'node:crypto';
import type { Call } from './route-samples';
import type { World } from './route-world';

/** Sample calls of the leads' routes (public forms, Marketing & Leads in the admin area). */
export const LEADS_SAMPLES: Record<string, (w: World) => Call & { missing?: Call }> = {
  'POST /api/contact': () => ({
    body: {
      name: 'Casey Visitor',
      email: 'casey.visitor@example.com',
      phone: '612-555-0102',
      topic: 'booking',
      message: 'Do you clean on Saturdays in St Paul?',
      website: '',
    },
  }),
  'POST /api/newsletter/unsubscribe': (w) => ({ body: { token: w.unsubscribeToken } }),
  'POST /api/newsletter/unsubscribe/one-click': (w) => ({
    query: { token: w.unsubscribeToken },
  }),
  'GET /api/admin/contact-forms': () => ({ query: { status: 'new', q: 'saturday' } }),
  'GET /api/admin/contact-forms/:id': (w) => ({ params: { id: w.contactForm } }),
  'POST /api/admin/contact-forms/:id/reply': (w) => ({
    params: { id: w.contactForm },
    body: { subject: 'Re: Saturday cleaning', body: 'Yes, Saturdays from 8 AM.' },
  }),
  'POST /api/admin/contact-forms/:id/mark-answered': (w) => ({ params: { id: w.contactForm } }),
  'GET /api/admin/newsletter/subscribers': () => ({ query: { status: 'subscribed', q: 'a' } }),
  'GET /api/admin/exports/newsletter-subscribers.csv': () => ({ query: { status: 'subscribed' } }),
  'GET /api/admin/newsletters': () => ({ query: { page: '1' } }),
  'POST /api/admin/newsletters': () => ({
    // Unique, so the repeat guard never turns one caller's send into the next one's 409.
    body: { subject: `Spring tips ${randomUUID()}`, body: 'Open the windows.\n\nDust top down.' },
  }),
  'GET /api/admin/marketing-contacts': () => ({ query: { source: 'newsletter', consent: 'yes' } }),
  'GET /api/admin/exports/marketing-contacts.csv': () => ({ query: { q: 'example' } }),
};
