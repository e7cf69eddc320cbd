import * as z from 'zod/mini';
import { madeOnFirstUse } from './made-on-first-use';

// The admin lists that grow without end (bookings, payouts, payments, the audit log) come a page
// at a time, with the total so the screen can say how many pages there are.

export const ADMIN_PAGE_SIZE = 50;

/** A count in a query string from 1 to `max`: text there, a number in the router's search. */
export const countParam = (label: string, max: number) =>
  z.coerce
    .number()
    .check(
      z.int(`${label} must be a whole number`),
      z.gte(1, `${label} must be 1 or more`),
      z.lte(max, `${label} must be at most ${max}`),
    );

/**
 * `?page=`: 1 when absent. The most is beyond any real list; it keeps OFFSET a sane number
 * whatever the URL says.
 */
export const pageNumberSchema = z.optional(countParam('Page', 100_000));

/**
 * One page of a list and where it sits in the whole. `totalAtLeast`: the server stopped counting,
 * and more than `total` match.
 */
export const pageOf = <T extends z.ZodMiniType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number(),
    pageSize: z.number(),
    total: z.number(),
    totalAtLeast: z.optional(z.boolean()),
  });

/** The number of pages a total fills (at least one, so an empty list is page 1 of 1). */
export const pageCount = (total: number, pageSize: number) =>
  Math.max(1, Math.ceil(total / pageSize));

const count = madeOnFirstUse(() => new Intl.NumberFormat('en-US'));
/**
 * "26–50 of 1,204": the rows on screen and how many there are; "26–50 of more than 1,000" when
 * the server stopped counting.
 */
export function rangeLabel(page: number, pageSize: number, total: number, atLeast = false): string {
  const all = atLeast ? `more than ${count().format(total)}` : count().format(total);
  const first = (page - 1) * pageSize + 1;
  // A page past the end (a stale link) shows nothing of the total.
  if (first > total) return `0 of ${all}`;
  const last = Math.min(page * pageSize, total);
  return `${count().format(first)}–${count().format(last)} of ${all}`;
}

const isoDate = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-24'),
  z.refine((value) => {
    const day = new Date(`${value}T00:00:00Z`);
    // PostgreSQL has no year 0.
    return value >= '0001' && !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
  }, 'Not a real date'),
);

/** `from` and `to` (inclusive, Minneapolis days), either or both. */
export const dateRangeShape = { from: z.optional(isoDate), to: z.optional(isoDate) };

type DateRange = { from?: string | undefined; to?: string | undefined };

export const rangeInOrder = (range: DateRange) =>
  !range.from || !range.to || range.from <= range.to;

/** The check of an object with `dateRangeShape`; the issue is the end's. */
export const dateRangeInOrder = z.refine<DateRange>(rangeInOrder, {
  message: 'The start date must be on or before the end date',
  path: ['to'],
});
