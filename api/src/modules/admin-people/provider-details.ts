import { type AdminProvider, adminProviderSchema } from '@twinclean/shared/admin-people';
import { centsToDollars } from '@twinclean/shared/money';
import type { Knex } from 'knex';
import { fullNameSql } from '../../core/sql';
import { notFound } from '../../errors';
import { type ProviderRecord, toProviderRow, withFigures } from './provider-figures';

/** How many upcoming jobs and recent payouts the details page shows. */
const UPCOMING_JOBS = 20;
const RECENT_PAYOUTS = 10;

/** GET /api/admin/providers/{id}: the list's figures, and their week, jobs and payouts. */
export async function providerDetails(
  db: Knex,
  id: string,
  now = new Date(),
): Promise<AdminProvider> {
  const base: (ProviderRecord & Record<string, unknown>) | undefined = await withFigures(
    db,
    db('users as u').where({ 'u.id': id, 'u.role': 'provider' }),
    now,
  )
    .leftJoin('users as marker', 'marker.id', 'u.vipMarkedBy')
    .select('pp.bio', 'pp.homeZipCode', db.raw(`${fullNameSql('marker')} AS vip_marked_by_name`))
    .first();
  if (!base) throw notFound('Provider');
  const [slots, jobs, payouts] = await Promise.all([
    db('availabilitySlots')
      .where({ providerId: id, isActive: true })
      .select('id', 'dayOfWeek', 'startTime', 'endTime')
      .orderBy(['dayOfWeek', 'startTime', 'id']),
    // Assigned, not canceled, not started, still ahead (index bookings_upcoming_by_provider).
    db('bookings')
      .where({ providerId: id })
      .whereNull('canceledAt')
      .whereNull('clockInAt')
      .where('scheduledAt', '>', now)
      .select(
        'id',
        'serviceType',
        'derivedStatus',
        'scheduledDate',
        'scheduledTime',
        'address',
        'city',
      )
      .orderBy(['scheduledAt', 'id'])
      .limit(UPCOMING_JOBS),
    db('payouts')
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
    slots,
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
