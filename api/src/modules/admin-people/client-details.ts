import {
  type AdminClient,
  adminClientSchema,
  CLIENT_DETAIL_ROWS,
} from '@twinclean/shared/admin-people';
import { centsToDollars } from '@twinclean/shared/money';
import type { Knex } from 'knex';
import { notFound } from '../../errors';

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** The client's newest bookings, latest visit first, and how many they have in all. */
async function bookingsOf(db: Knex, clientId: string) {
  const [rows, counted] = await Promise.all([
    db('bookings')
      .where({ clientId })
      .select(
        'id',
        'serviceType',
        'derivedStatus',
        'scheduledDate',
        'scheduledTime',
        'address',
        'city',
        'totalAmountCents',
        'amountPaidCents',
      )
      .orderBy([
        { column: 'scheduledDate', order: 'desc' },
        { column: 'scheduledTime', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(CLIENT_DETAIL_ROWS),
    db('bookings').where({ clientId }).count({ n: '*' }).first(),
  ]);
  return {
    items: rows.map((b) => ({
      id: b.id,
      serviceType: b.serviceType,
      status: b.derivedStatus,
      scheduledDate: b.scheduledDate,
      scheduledTime: b.scheduledTime,
      address: b.address,
      city: b.city,
      totalAmount: centsToDollars(b.totalAmountCents),
      amountPaid: centsToDollars(b.amountPaidCents),
    })),
    total: Number(counted?.n ?? 0),
  };
}

/** The client's newest payments (bookings and membership) with their refunds. */
async function paymentsOf(db: Knex, userId: string) {
  const [rows, counted] = await Promise.all([
    db('payments')
      .where({ userId })
      .orderBy([
        { column: 'createdAt', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(CLIENT_DETAIL_ROWS),
    db('payments').where({ userId }).count({ n: '*' }).first(),
  ]);
  const refunds = await db('refunds')
    .whereIn(
      'paymentId',
      rows.map((p) => p.id),
    )
    .orderBy([{ column: 'createdAt' }, { column: 'id' }]);
  return {
    items: rows.map((p) => ({
      id: p.id,
      kind: p.kind,
      status: p.status,
      gateway: p.gateway,
      amount: centsToDollars(p.amountCents),
      refunded: centsToDollars(p.refundedCents),
      cardLast4: p.cardLast4,
      bookingId: p.bookingId,
      createdAt: p.createdAt.toISOString(),
      refunds: refunds
        .filter((r) => r.paymentId === p.id)
        .map((r) => ({
          id: r.id,
          amount: centsToDollars(r.amountCents),
          reason: r.reason,
          createdAt: r.createdAt.toISOString(),
        })),
    })),
    total: Number(counted?.n ?? 0),
  };
}

/** The client's latest membership, live or ended. */
async function subscriptionOf(db: Knex, userId: string): Promise<AdminClient['subscription']> {
  const s = await db('subscriptions')
    .where({ userId })
    .orderBy([
      { column: 'createdAt', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .first();
  if (!s) return null;
  return {
    id: s.id,
    plan: s.plan,
    status: s.status,
    price: centsToDollars(s.priceCents),
    startedAt: s.createdAt.toISOString(),
    currentPeriodEnd: iso(s.currentPeriodEnd),
    minimumTermEndsAt: s.minimumTermEndsAt.toISOString(),
    paidMonths: s.paidMonths,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    canceledAt: iso(s.canceledAt),
    lastFailureMessage: s.lastFailureMessage,
  };
}

/** GET /api/admin/clients/{id}: the account, its bookings, payments and membership. */
export async function clientDetails(db: Knex, id: string): Promise<AdminClient> {
  const user = await db('users').where({ id, role: 'client' }).first();
  if (!user) throw notFound('Client');
  const [bookings, payments, subscription, paid] = await Promise.all([
    bookingsOf(db, id),
    paymentsOf(db, id),
    subscriptionOf(db, id),
    db('payments')
      .where({ userId: id, status: 'succeeded' })
      .first(db.raw('coalesce(sum(amount_cents - refunded_cents), 0)::bigint AS paid')),
  ]);
  return adminClientSchema.parse({
    id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone,
    emailVerified: user.emailVerifiedAt !== null,
    subscriptionType: user.subscriptionType,
    deactivatedAt: iso(user.deactivatedAt),
    createdAt: user.createdAt.toISOString(),
    totalPaid: centsToDollars(Number(paid?.paid ?? 0)),
    bookings,
    payments,
    subscription,
  });
}
