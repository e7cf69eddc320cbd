import { formatSlot } from '@twinclean/shared/schedule';
import type { MailMessage } from '../adapters/mailer';
import { escapeHtml } from './html';

// The one e-mail layout every module writes its messages in, and the words they share for a
// visit's date and service.

/** "Friday, December 4, 2026": a visit's date as e-mails write it. */
export const longDate = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** "Friday, December 4, 2026 at 9:00 AM". */
export const when = (date: string, time: string) => `${longDate(date)} at ${formatSlot(time)}`;

/** The close of every client e-mail about a visit: the rescheduling terms and our name. */
export const SIGNATURE = [
  'Free rescheduling up to 12 hours before and free cancellation up to 24 hours before.',
  '',
  'TwinClean, Minneapolis–St Paul',
];

/** The text lines as the message's plain text and as one paragraph each in its HTML. */
export function layoutEmail(
  to: string,
  subject: string,
  lines: string[],
  template: string,
): MailMessage {
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">${lines
    .map((line) => (line ? `<p>${escapeHtml(line)}</p>` : ''))
    .join('')}</body></html>`;
  return { to, template, subject, text: lines.join('\n'), html };
}

/** The special services' names (a house cleaning is named by serviceName). */
export const SERVICE_NAMES = {
  carpet: 'carpet cleaning',
  laundry: 'laundry pickup',
  dry_cleaning: 'dry cleaning & rug care pickup',
} as const;

type ServiceType = 'house' | keyof typeof SERVICE_NAMES;

/** A service as a sentence names it ("house cleaning", "carpet cleaning"…). */
export const serviceName = (b: { serviceType: ServiceType }) =>
  b.serviceType === 'house' ? 'house cleaning' : SERVICE_NAMES[b.serviceType];

/** "your house cleaning on … at <address>": a visit as the client's e-mails name it. */
export const visitText = (b: {
  serviceType: ServiceType;
  scheduledDate: string;
  scheduledTime: string;
  address: string;
  city: string;
}) =>
  `your ${serviceName(b)} on ${when(b.scheduledDate, b.scheduledTime)} at ${b.address}, ${b.city}`;
