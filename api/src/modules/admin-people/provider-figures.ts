import { type AdminProviderRow, isVip } from '@twinclean/shared/admin-people';
import { centsToDollars } from '@twinclean/shared/money';
import { toRatingSummary } from '../ratings/summary';
import { nextAvailableAt, weeklyHours } from './availability';
import type { ProviderRecord } from './provider-figures.sql';

// A provider's figures as the list and the details page show them, so the two always agree.

const hours = (value: number) => Math.round(value * 100) / 100;

export function toProviderRow(row: ProviderRecord, now: Date): AdminProviderRow {
  const { rating, ratedJobs } = toRatingSummary(row);
  const vipMarked = row.vipMarkedAt !== null;
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    rating,
    ratedJobs,
    vip: isVip({ vipMarked, rating, ratedJobs }),
    vipMarked,
    jobsDone: row.jobsDone,
    week: { hours: hours(row.weekHours), earnings: centsToDollars(row.weekEarnings) },
    month: { hours: hours(row.monthHours), earnings: centsToDollars(row.monthEarnings) },
    availability: {
      days: [...new Set(row.slots.map((s) => s.dayOfWeek))],
      weeklyHours: hours(weeklyHours(row.slots)),
      nextAvailableAt: nextAvailableAt(row.slots, now)?.toISOString() ?? null,
    },
  };
}
