import { formatDollars } from '@twinclean/shared/money';
import { formatSlot } from '@twinclean/shared/schedule';
import type { MailMessage } from '../../adapters/mailer';

const longDate = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

export function bookingConfirmationEmail(b: {
  to: string;
  firstName: string;
  date: string;
  time: string;
  address: string;
  totalHours: number;
  totalCents: number;
  depositCents: number;
  reference: string;
}): MailMessage {
  const when = `${longDate(b.date)} at ${formatSlot(b.time)}`;
  const payment =
    b.depositCents > 0
      ? `Once your cleaner is assigned we'll send a link for the ${formatDollars(b.depositCents)} deposit; the rest is due before the visit.`
      : 'As a member you pay no deposit; we charge your card 12 hours before the visit.';
  const lines = [
    `Hi ${b.firstName},`,
    '',
    `Thanks for booking with TwinClean! We received your house cleaning request for ${when}.`,
    '',
    `Address: ${b.address}`,
    `Estimated time: ${b.totalHours} hour${b.totalHours === 1 ? '' : 's'}`,
    `Estimated total: ${formatDollars(b.totalCents)}`,
    `Booking reference: ${b.reference}`,
    '',
    `We're assigning a vetted cleaner now and will e-mail you as soon as one accepts. ${payment}`,
    '',
    'Free rescheduling up to 12 hours before and free cancellation up to 24 hours before.',
    '',
    'TwinClean, Minneapolis–St Paul',
  ];
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">${lines
    .map((line) => (line ? `<p>${line.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>` : ''))
    .join('')}</body></html>`;
  return {
    to: b.to,
    template: 'booking_confirmation',
    subject: `Booking received: house cleaning on ${longDate(b.date)}`,
    text: lines.join('\n'),
    html,
  };
}
