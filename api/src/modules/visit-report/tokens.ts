import { VISIT_REPORT_LINK_DAYS } from '@twinclean/shared/visit-report';
import { signedIds } from '../../security/signed-ids';

// The completion e-mail's report link, /visit-report/{token}: the booking id and its HMAC, as the
// rating link (ratings/tokens.ts), so nothing is stored per link. It works for
// VISIT_REPORT_LINK_DAYS after the visit's clock-out, a time the token cannot change.
const links = signedIds('visit_report_link_key', 'visit-report', '_');

const DAY_MS = 86_400_000;

/** Makes report links' tokens. */
export const reportTokens = links.tokens;

/** When a report link of a visit clocked out at `clockOutAt` stops working. */
export const reportLinkExpiresAt = (clockOutAt: Date): Date =>
  new Date(clockOutAt.getTime() + VISIT_REPORT_LINK_DAYS * DAY_MS);

/** The booking a report token names, or null when it is not one of ours. */
export const bookingOfReportToken = links.idOf;
