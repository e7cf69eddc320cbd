import type { YearEndRow } from '@twinclean/shared/payout-transfers';
import { chicagoDate } from '@twinclean/shared/schedule';
import type { BadgeTone } from '@twinclean/shared/ui/badge';

// /admin/year-end: which calendar years there are to choose (America/Chicago, as the API counts
// them) and how the table writes where a provider's tax details are.

/** Weekly transfers and these totals start with 2025's payments. */
export const FIRST_YEAR = 2025;

const chicagoYearMonth = (now: Date) => {
  const [year = FIRST_YEAR, month = 1] = chicagoDate(now).split('-').map(Number);
  return { year, month };
};

/**
 * The year the page opens on: in January to March the 1099s of the year just ended are what is
 * being prepared; from April on, this year's running totals.
 */
export function defaultYear(now: Date): number {
  const { year, month } = chicagoYearMonth(now);
  return Math.max(FIRST_YEAR, month <= 3 ? year - 1 : year);
}

/** Every year from this one back to the first, newest first. */
export function yearChoices(now: Date): number[] {
  const { year } = chicagoYearMonth(now);
  const years: number[] = [];
  for (let y = Math.max(year, FIRST_YEAR); y >= FIRST_YEAR; y -= 1) years.push(y);
  return years;
}

/** The URL's year when it is one of the choices, else the default (a stale or made-up link). */
export function shownYear(asked: number | undefined, now: Date): number {
  return asked !== undefined && yearChoices(now).includes(asked) ? asked : defaultYear(now);
}

export const TAX_DETAILS_LABELS: Record<YearEndRow['taxDetails'], string> = {
  stripe: 'At Stripe',
  on_file: 'On file',
  missing: 'Missing',
};

/** Missing details matter for someone who needs a 1099-NEC; otherwise they can wait. */
export const taxDetailsTone = (row: Pick<YearEndRow, 'taxDetails' | 'needs1099'>): BadgeTone =>
  row.taxDetails !== 'missing' ? 'neutral' : row.needs1099 ? 'danger' : 'warning';

export const yearEndCsvHref = (year: number) => `/api/admin/exports/year-end.csv?year=${year}`;
