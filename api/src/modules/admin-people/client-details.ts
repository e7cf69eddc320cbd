import {
  type AdminClient,
  adminClientSchema,
  CLIENT_DETAIL_ROWS,
} from '@twinclean/shared/admin-people';
import { centsToDollars } from '@twinclean/shared/money';
import type { Knex } from 'knex';
import { notFound } from '../../errors';
import { Payment } from '../../models/payment';
import { Subscription } from '../../models/subscription';
import { User } from '../../models/user';
import { clientBookings, paidBy, refundsOf } from './client-details.sql';

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** The client's newest bookings, latest visit first, and how many they have in all. */
async function bookingsOf(db: Knex, clientId: string) {
  const { rows, total } = await clientBookings(db, clientId);
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
    total,
  };
}

/** The client's newest payments (bookings and membership) with their refunds. */
async function paymentsOf(db: Knex, userId: string) {
  const payments = () => Payment.query(db).where({ userId });
  const [rows, total] = await Promise.all([
    payments()
      .orderBy([
        { column: 'createdAt', order: 'desc' },
        { column: 'id', order: 'desc' },
      ])
      .limit(CLIENT_DETAIL_ROWS),
    payments().resultSize(),
  ]);
  const refunds = await refundsOf(
    db,
    rows.map((p) => p.id),
  );
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
    total,
  };
}

/** The client's latest membership, live or ended. */
async function subscriptionOf(db: Knex, userId: string): Promise<AdminClient['subscription']> {
  const s = await Subscription.query(db)
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
  const user = await User.query(db).findOne({ id, role: 'client' });
  if (!user) throw notFound('Client');
  const [bookings, payments, subscription, paid] = await Promise.all([
    bookingsOf(db, id),
    paymentsOf(db, id),
    subscriptionOf(db, id),
    paidBy(db, id),
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
    totalPaid: centsToDollars(paid),
    bookings,
    payments,
    subscription,
  });
}
