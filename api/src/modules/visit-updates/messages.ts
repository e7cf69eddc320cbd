import { RATING_DAYS } from '@twinclean/shared/ratings';
import { formatClock } from '@twinclean/shared/schedule';
import { serviceTitle } from '@twinclean/shared/services';
import { VISIT_UPDATE_TEMPLATES } from '@twinclean/shared/visit-updates';
import type { MailMessage } from '../../adapters/mailer';
import type { TextMessage } from '../../adapters/sms';
import { layoutEmail } from '../../core/email-layout';

// The words of the three visit updates (design "Notices"), by e-mail and by text. Pure: who gets
// which, and when, is notices.ts's.

export type VisitUpdate =
  | { kind: 'enRoute'; etaAt: Date | null }
  | { kind: 'arrived'; at: Date }
  | { kind: 'done'; at: Date };

export type Wording = {
  /** The cleaner's first name. */
  first: string;
  clientFirstName: string;
  serviceType: Parameters<typeof serviceTitle>[0];
  /** Where the client follows the visit: their booking page, or (guests) the report link. */
  bookingLink: string;
  /** The done update's links: the visit report (no sign-in) and the rating page. */
  reportLink: string;
  ratingLink: string;
};

const SIGN_OFF = 'TwinClean, Minneapolis–St Paul';

/** "10:40 AM" in America/Chicago, as every update writes a time. */
const clock = (at: Date) => formatClock(at).replace(/\s/g, ' ');

function emailLines(update: VisitUpdate, w: Wording): { subject: string; lines: string[] } {
  const hi = `Hi ${w.clientFirstName},`;
  if (update.kind === 'enRoute') {
    const eta = update.etaAt
      ? `${w.first} is on the way, arriving around ${clock(update.etaAt)} (an estimate).`
      : `${w.first} is on the way. We'll let you know when they arrive.`;
    return {
      subject: `${w.first} is on the way`,
      lines: [hi, '', eta, '', 'Your visit:', w.bookingLink, '', SIGN_OFF],
    };
  }
  if (update.kind === 'arrived') {
    return {
      subject: `${w.first} has arrived`,
      lines: [
        hi,
        '',
        `${w.first} arrived at ${clock(update.at)}.`,
        '',
        'Your visit:',
        w.bookingLink,
        '',
        SIGN_OFF,
      ],
    };
  }
  return {
    subject: 'Your visit is complete — how did we do?',
    lines: [
      hi,
      '',
      `${w.first} finished your ${serviceTitle(w.serviceType).toLowerCase()} at ${clock(update.at)}. We hope everything sparkles!`,
      '',
      'Your visit report — arrival and departure, the checklist and the photos:',
      w.reportLink,
      '',
      `How did we do? Rate the visit from 1 to 5 stars, with a comment if you like, within ${RATING_DAYS} days:`,
      w.ratingLink,
      '',
      `Add a tip — it goes to ${w.first} in full:`,
      `${w.reportLink}#tip`,
      '',
      SIGN_OFF,
    ],
  };
}

/** The update as an e-mail to `to`. */
export function updateEmail(to: string, update: VisitUpdate, w: Wording): MailMessage {
  const { subject, lines } = emailLines(update, w);
  return layoutEmail(to, subject, lines, VISIT_UPDATE_TEMPLATES[update.kind]);
}

/** The update as a text to `to` (E.164): one or two segments, plain characters only. */
export function updateText(to: string, update: VisitUpdate, w: Wording): TextMessage {
  const body =
    update.kind === 'enRoute'
      ? update.etaAt
        ? `TwinClean: ${w.first} is on the way, arriving around ${clock(update.etaAt)} (estimate). ${w.bookingLink} Reply STOP to opt out.`
        : `TwinClean: ${w.first} is on the way. ${w.bookingLink} Reply STOP to opt out.`
      : update.kind === 'arrived'
        ? `TwinClean: ${w.first} arrived at ${clock(update.at)}. ${w.bookingLink}`
        : `TwinClean: ${w.first} finished at ${clock(update.at)}. Your visit report: ${w.reportLink}`;
  return { to, template: VISIT_UPDATE_TEMPLATES[update.kind], body };
}
