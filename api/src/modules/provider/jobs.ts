import { centsToDollars } from '@twinclean/shared/money';
import {
  hasPriceToConfirm,
  type ProviderJob,
  type ProviderPayout,
  type ProviderStats,
  providerJobSchema,
  providerPayoutSchema,
  providerStatsSchema,
} from '@twinclean/shared/provider-jobs';
import type { PayTerms } from '@twinclean/shared/provider-pay';
import type { SeriesVisit } from '@twinclean/shared/series';
import type { Knex } from 'knex';
import { CARD_RELATIONS, cardSource, toOpenJob } from '../../core/job-card';
import { loadPricing } from '../../core/pricing';
import { notFound } from '../../errors';
import { Booking } from '../../models/booking';
import { Payout } from '../../models/payout';
import { bonusesFor, bonusFor } from '../auction/service';
import { visitChecklist } from '../checklists/visit-checklist';
import { photoUrl } from '../photos/service';
import { ratingSummary } from '../ratings/summary';
import { seriesOfJobs } from './series-cards';
import { earningsSince, finishedJobCount } from './stats.sql';

/** The job card's relations and the photos. */
const JOB_GRAPH = `[${[...CARD_RELATIONS, 'photos'].join(', ')}]`;

/**
 * A carpet or rug job's client price, which its assigned provider confirms (DECISIONS.md
 * "Special services"); the other services' prices are the client's business alone.
 */
function clientPrice(booking: Booking) {
  if (!hasPriceToConfirm(booking.serviceType)) {
    return { estimatedAmount: null, clientAmount: null, priceAwaitingApproval: null };
  }
  const estimate = booking.estimatedAmountCents;
  const proposed = booking.proposedPriceCents;
  return {
    estimatedAmount: estimate === null ? null : centsToDollars(estimate),
    clientAmount: centsToDollars(booking.totalAmountCents),
    priceAwaitingApproval: proposed === null ? null : centsToDollars(proposed),
  };
}

function toProviderJob(
  booking: Booking,
  terms: PayTerms,
  bonusCents: number | null,
  series: SeriesVisit | null,
): ProviderJob {
  return providerJobSchema.parse({
    ...toOpenJob(cardSource(booking), terms, bonusCents),
    series,
    ...clientPrice(booking),
    status: booking.status,
    zipCode: booking.zipCode,
    selectedRooms: booking.houseDetails?.selectedRooms ?? [],
    clientFirstName: booking.clientFirstName,
    clientLastName: booking.clientLastName,
    clientEmail: booking.clientEmail,
    clientPhone: booking.clientPhone,
    providerClockInTime: booking.clockInAt?.toISOString() ?? null,
    providerClockOutTime: booking.clockOutAt?.toISOString() ?? null,
    beforePhotos: (booking.photos ?? [])
      .filter((p) => p.photoType === 'before')
      .map((p) => photoUrl(p.id)),
    afterPhotos: (booking.photos ?? [])
      .filter((p) => p.photoType === 'after')
      .map((p) => photoUrl(p.id)),
  });
}

export async function listJobs(providerId: string): Promise<ProviderJob[]> {
  const [terms, jobs] = await Promise.all([
    loadPricing(),
    Booking.query().where({ providerId }).withGraphFetched(JOB_GRAPH).orderBy('scheduledAt'),
  ]);
  const ids = jobs.map((job) => job.id);
  const [bonuses, seriesOf] = await Promise.all([
    bonusesFor(Booking.knex(), ids, providerId),
    seriesOfJobs(Booking.knex(), ids),
  ]);
  return jobs.map((job) =>
    toProviderJob(job, terms, bonuses.get(job.id) ?? null, seriesOf(job.id)),
  );
}

/** One of the provider's jobs; another provider's job is "not found", not "forbidden". */
export async function getJob(providerId: string, bookingId: string): Promise<ProviderJob> {
  const job = await Booking.query()
    .findOne({ id: bookingId, providerId })
    .withGraphFetched(JOB_GRAPH);
  if (!job) throw notFound('Job');
  const [terms, bonusCents, seriesOf, checklist] = await Promise.all([
    loadPricing(),
    bonusFor(Booking.knex(), bookingId, providerId),
    seriesOfJobs(Booking.knex(), [bookingId]),
    visitChecklist(Booking.knex(), bookingId),
  ]);
  return { ...toProviderJob(job, terms, bonusCents, seriesOf(bookingId)), checklist };
}

export async function listPayouts(providerId: string): Promise<ProviderPayout[]> {
  const payouts = await Payout.query()
    .where({ providerId })
    .withGraphFetched('booking')
    .orderBy('createdAt', 'desc');
  return payouts.map((p) =>
    providerPayoutSchema.parse({
      id: p.id,
      status: p.status,
      totalAmount: centsToDollars(p.totalAmountCents),
      baseAmount: centsToDollars(p.baseAmountCents),
      waitPay: centsToDollars(p.waitPayCents),
      bonus: centsToDollars(p.bonusCents),
      tip: centsToDollars(p.tipCents),
      hoursWorked: p.hoursWorked,
      hoursPaid: p.hoursPaid,
      reviewReason: p.reviewReason,
      hourlyRate: centsToDollars(p.hourlyRateCents),
      share:
        p.sharePercent === null || p.shareOfCents === null
          ? null
          : { percent: p.sharePercent, of: centsToDollars(p.shareOfCents) },
      createdAt: p.createdAt.toISOString(),
      paidAt: p.paidAt?.toISOString() ?? null,
      booking: {
        address: p.booking?.address ?? '',
        city: p.booking?.city ?? '',
        state: p.booking?.state ?? '',
      },
    }),
  );
}

/**
 * Earnings and hours over the last 7 and 30 days, by when the payout was earned: paid hours, so
 * hours an admin has not approved count in neither.
 */
export async function providerStats(
  db: Knex,
  providerId: string,
  now = new Date(),
): Promise<ProviderStats> {
  const since = (days: number) => new Date(now.getTime() - days * 86_400_000);
  const [week, month, jobs, rated] = await Promise.all([
    earningsSince(db, providerId, since(7)),
    earningsSince(db, providerId, since(30)),
    finishedJobCount(db, providerId),
    ratingSummary(db, providerId),
  ]);
  return providerStatsSchema.parse({
    weeklyEarnings: centsToDollars(week.total),
    weeklyEarningsPaid: centsToDollars(week.paid),
    weeklyEarningsPending: centsToDollars(week.total - week.paid),
    weeklyHours: Math.round(week.hours * 100) / 100,
    monthlyEarnings: centsToDollars(month.total),
    monthlyHours: Math.round(month.hours * 100) / 100,
    totalJobs: jobs,
    // The average of their last 50 ratings; null (N/A) before the first.
    rating: rated.rating,
  });
}
