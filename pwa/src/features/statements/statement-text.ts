import { dateFormatOnFirstUse } from '@twinclean/shared/made-on-first-use';
import { dollarsToCents, formatDollars, formatWireDollars } from '@twinclean/shared/money';
import {
  type StatementJob,
  type StatementList,
  TRANSFER_STATUS_LABELS,
  type TransferSummary,
} from '@twinclean/shared/payout-transfers';
import {
  chicagoDate,
  formatDate,
  formatMonthDay,
  SCHEDULING_TIME_ZONE,
} from '@twinclean/shared/schedule';
import { serviceTitle, serviceTypeSchema } from '@twinclean/shared/services';

// How statements read on the phone. Dates on the wire are Chicago calendar days; instants are
// shown in Chicago too, where the weeks and the Monday run are counted.

/** "Nov 23 – Nov 29, 2026", or "Dec 28, 2026 – Jan 3, 2027" across a new year. */
export function weekRange(weekStart: string, weekEnd: string): string {
  const sameYear = weekStart.slice(0, 4) === weekEnd.slice(0, 4);
  return `${sameYear ? formatMonthDay(weekStart) : formatDate(weekStart)} – ${formatDate(weekEnd)}`;
}

/** The statement page's heading, named for the week's Monday. */
export const statementTitle = (weekStart: string) =>
  `Statement for the week of ${formatDate(weekStart)}`;

export const jobsCount = (jobs: number) => (jobs === 1 ? '1 job' : `${jobs} jobs`);

export const hoursText = (hours: number) => `${hours.toFixed(2)} h`;

/** "Sent · Arrives by Dec 2, 2026", "Delayed", "Sending"… */
export function transferText(transfer: Pick<TransferSummary, 'status' | 'arrivalDate'>): string {
  const label = TRANSFER_STATUS_LABELS[transfer.status];
  return transfer.status === 'paid' && transfer.arrivalDate
    ? `${label} · ${arrivesText(transfer.arrivalDate)}`
    : label;
}

export const arrivesText = (arrivalDate: string) => `Arrives by ${formatDate(arrivalDate)}`;

// Day and time apart: joined by the runtime, newer ICU puts " at " between them.
const weekdayFormatter = dateFormatOnFirstUse({
  timeZone: SCHEDULING_TIME_ZONE,
  weekday: 'long',
  month: 'short',
  day: 'numeric',
});
const timeFormatter = dateFormatOnFirstUse({
  timeZone: SCHEDULING_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
});
// Newer ICU also puts a narrow no-break space before AM/PM: a plain one reads and finds alike.
const plain = (text: string) => text.replace(/\u202f/g, ' ');

/** "Monday, Dec 7, 8:00 AM" in Chicago, for the next weekly transfer's instant. */
export function nextTransferText(iso: string): string {
  const at = new Date(iso);
  return plain(`${weekdayFormatter().format(at)}, ${timeFormatter().format(at)}`);
}

/** "$1,234.50": what was paid out in this Chicago calendar year ($0.00 before any). */
export function paidThisYear(years: StatementList['years'], now: Date): string {
  const year = Number(chicagoDate(now).slice(0, 4));
  return formatWireDollars(years.find((entry) => entry.year === year)?.paid ?? '0.00');
}

/** How a job's pay stands on the statement. */
export function jobStatusLabel(job: Pick<StatementJob, 'status' | 'paidBy'>): string {
  switch (job.status) {
    case 'paid':
      return job.paidBy === 'hand' ? 'Paid by hand' : 'Paid by transfer';
    case 'in_transfer':
      return 'Being sent';
    case 'review':
      return 'Being reviewed';
    case 'pending':
      return 'Pending';
  }
}

/** A job's pay before the tip: its hours, wait pay and bonus ("$112.50"). */
export const jobPay = (job: Pick<StatementJob, 'basePay' | 'waitPay' | 'bonus'>) =>
  formatDollars(
    dollarsToCents(job.basePay) + dollarsToCents(job.waitPay) + dollarsToCents(job.bonus),
  );

/** "House Cleaning"; a service this app does not know yet reads as the API named it. */
export function serviceText(serviceType: string): string {
  const known = serviceTypeSchema.safeParse(serviceType);
  return known.success ? serviceTitle(known.data) : serviceType;
}

/** The API's PDF of a week's statement, a download (same origin as the app's API calls). */
export const statementPdfUrl = (weekStart: string) => `/api/provider/statements/${weekStart}/pdf`;
