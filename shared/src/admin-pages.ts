import * as z from 'zod/mini';

// The admin lists that grow without end (payouts, payments, the audit log) come a page at a time,
// newest first, with the total so the screen can say how many pages there are.

export const ADMIN_PAGE_SIZE = 50;

/** `?page=`: 1 when absent. Query strings carry text, the router's search carries numbers. */
export const pageNumberSchema = z.optional(
  z.coerce
    .number()
    .check(
      z.int('Page must be a whole number'),
      z.gte(1, 'Page must be 1 or more'),
      z.lte(100_000, 'Page must be at most 100000'),
    ),
);

/** One page of a list and where it sits in the whole. */
export const pageOf = <T extends z.ZodMiniType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number(),
    pageSize: z.number(),
    total: z.number(),
  });

/** The number of pages a total fills (at least one, so an empty list is page 1 of 1). */
export const pageCount = (total: number, pageSize: number) =>
  Math.max(1, Math.ceil(total / pageSize));

const isoDate = z.string().check(
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-24'),
  z.refine((value) => {
    const day = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(value);
  }, 'Not a real date'),
);

/** `from` and `to` (inclusive, Minneapolis days), either or both. */
export const dateRangeShape = { from: z.optional(isoDate), to: z.optional(isoDate) };

export const rangeInOrder = (range: { from?: string | undefined; to?: string | undefined }) =>
  !range.from || !range.to || range.from <= range.to;
export const RANGE_MESSAGE = 'The start date must be on or before the end date';
