import { type AdminProvider, adminProviderSchema } from '@twinclean/shared/admin-people';
import { centsToDollars } from '@twinclean/shared/money';
import type { Knex } from 'knex';
import { notFound } from '../../errors';
import { AvailabilitySlot } from '../../models/availability-slot';
import { Payout } from '../../models/payout';
import { toProviderRow } from './provider-figures';
import { providerFigures, upcomingJobs } from './provider-figures.sql';

/** How many upcoming jobs and recent payouts the details page shows. */
const UPCOMING_JOBS = 20;
const RECENT_PAYOUTS = 10;

/** GET /api/admin/providers/{id}: the list's figures, and their week, jobs and payouts. */
export async function providerDetails(
  db: Knex,
  id: string,
  now = new Date(),
): Promise<AdminProvider> {
  const base = await providerFigures(db, id, now);
  if (!base) throw notFound('Provider');
  const [slots, jobs, payouts] = await Promise.all([
    AvailabilitySlot.query(db)
      .where({ providerId: id, isActive: true })
      .select('id', 'dayOfWeek', 'startTime', 'endTime')
      .orderBy(['dayOfWeek', 'startTime', 'id']),
    upcomingJobs(db, id, now, UPCOMING_JOBS),
    Payout.query(db)
      .where({ providerId: id })
      .select('id', 'bookingId', 'createdAt', 'hoursPaid', 'totalAmountCents', 'status')
      .orderBy([
        { column: 'createdAt', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(RECENT_PAYOUTS),
  ]);
  return adminProviderSchema.parse({
    ...toProviderRow(base, now),
    bio: base.bio ?? null,
    homeZipCode: base.homeZipCode ?? null,
    vipMarkedAt: base.vipMarkedAt?.toISOString() ?? null,
    vipMarkedBy: base.vipMarkedAt ? (base.vipMarkedByName ?? null) : null,
    slots: slots.map(({ id, dayOfWeek, startTime, endTime }) => ({
      id,
      dayOfWeek,
      startTime,
      endTime,
    })),
    upcomingJobs: jobs.map(({ derivedStatus, ...job }) => ({ ...job, status: derivedStatus })),
    recentPayouts: payouts.map((p) => ({
      id: p.id,
      bookingId: p.bookingId,
      createdAt: p.createdAt.toISOString(),
      hoursPaid: Number(p.hoursPaid),
      total: centsToDollars(p.totalAmountCents),
      status: p.status,
    })),
  });
}
