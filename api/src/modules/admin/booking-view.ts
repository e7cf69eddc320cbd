import { type AdminBooking, adminBookingSchema } from '@twinclean/shared/admin-booking';
import {
  amountDue,
  assignTerms,
  confirmPriceTerms,
  payoutReviewTerms,
  resendPayLinkTerms,
  unassignTerms,
} from '@twinclean/shared/admin-booking-rules';
import { cancelTerms } from '@twinclean/shared/booking-policy';
import { centsToDollars } from '@twinclean/shared/money';
import type { Knex } from 'knex';
import { CARD_RELATIONS, cardSource, detailsOf } from '../../core/job-card';
import { priceProposalOf } from '../../core/price-proposal';
import { loadPricing } from '../../core/pricing';
import { notFound } from '../../errors';
import { Booking } from '../../models/booking';
import { PaymentLink } from '../../models/payment-link';
import type { Payout } from '../../models/payout';
import type { ProviderEvent } from '../../models/provider-event';
import { Refund } from '../../models/refund';
import { User } from '../../models/user';
import { priceToConfirm } from '../final-price/approvals';
import { toPaymentRecord } from '../payments/ledger';
import { photoUrl } from '../photos/service';

/** Everything the admin's booking page shows, fetched with the booking. */
const GRAPH = `[${[
  ...CARD_RELATIONS,
  'addOns.addOn',
  'photos',
  'events',
  'payments',
  'provider',
  'client',
  'payout',
].join(', ')}]`;

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;
const dollarsOrNull = (cents: number | null) => (cents === null ? null : centsToDollars(cents));
const fullName = (user: Pick<User, 'firstName' | 'lastName'>) =>
  `${user.firstName} ${user.lastName}`;

function toPunch(event: ProviderEvent) {
  return {
    id: event.id,
    type: event.type,
    applied: event.responseStatus === 200,
    occurredAt: event.occurredAt.toISOString(),
    receivedAt: event.receivedAt.toISOString(),
    deviceOccurredAt: iso(event.deviceOccurredAt),
    offline: event.offline,
    latitude: event.latitude,
    longitude: event.longitude,
    accuracyM: event.accuracyM,
    distanceM: event.distanceM,
    geofenceVerified: event.geofenceVerified,
    unverifiedReason: event.unverifiedReason,
    suspicionReason: event.suspicionReason,
  };
}

function toPayout(payout: Payout, names: Map<string, string>) {
  const name = (id: string | null) => (id ? (names.get(id) ?? null) : null);
  return {
    id: payout.id,
    status: payout.status,
    hoursWorked: Number(payout.hoursWorked),
    hoursPaid: Number(payout.hoursPaid),
    hourlyRate: payout.sharePercent === null ? centsToDollars(payout.hourlyRateCents) : null,
    sharePercent: payout.sharePercent,
    baseAmount: centsToDollars(payout.baseAmountCents),
    waitPay: centsToDollars(payout.waitPayCents),
    bonus: centsToDollars(payout.bonusCents),
    totalAmount: centsToDollars(payout.totalAmountCents),
    geofenceVerified: payout.geofenceVerified,
    reviewReason: payout.reviewReason,
    reviewedAt: iso(payout.reviewedAt),
    reviewedBy: name(payout.reviewedBy),
    paidAt: iso(payout.paidAt),
    paidBy: name(payout.paidBy),
  };
}

/** The names of the people who did things to the booking (canceled, refunded, paid, reviewed). */
async function namesOf(db: Knex, ids: (string | null | undefined)[]) {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  const users = wanted.length ? await User.query(db).findByIds(wanted) : [];
  return new Map(users.map((u) => [u.id, fullName(u)]));
}

/** GET /api/admin/bookings/{id}: the booking, its people, money, punches and what can be done. */
export async function adminBooking(db: Knex, id: string, now = new Date()): Promise<AdminBooking> {
  const booking = await Booking.query(db).findById(id).withGraphFetched(GRAPH);
  if (!booking) throw notFound('Booking');
  const payments = [...(booking.payments ?? [])].sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
  );
  const [refunds, links, config] = await Promise.all([
    Refund.query(db)
      .whereIn(
        'paymentId',
        payments.map((p) => p.id),
      )
      .orderBy('createdAt'),
    PaymentLink.query(db)
      .where({ bookingId: id })
      .select('purpose', 'createdAt')
      .orderBy('createdAt', 'desc'),
    loadPricing(db),
  ]);
  const payout = booking.payout ?? null;
  const names = await namesOf(db, [
    booking.canceledBy,
    payout?.paidBy,
    payout?.reviewedBy,
    ...refunds.map((r) => r.createdBy),
  ]);
  const house = booking.houseDetails;
  const due = amountDue(booking);
  const photos = (type: 'before' | 'after') =>
    (booking.photos ?? [])
      .filter((p) => p.photoType === type)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map((p) => ({ id: p.id, url: photoUrl(p.id), width: p.width, height: p.height }));
  // Beside amountPaid, which a tip never enters: a refunded tip is the tip's, not the booking's.
  const refunded = payments
    .filter((p) => p.kind !== 'tip')
    .reduce((sum, p) => sum + p.refundedCents, 0);

  return adminBookingSchema.parse({
    id: booking.id,
    serviceType: booking.serviceType,
    status: booking.status,
    createdAt: booking.createdAt.toISOString(),
    client: {
      id: booking.clientId,
      firstName: booking.clientFirstName,
      lastName: booking.clientLastName,
      email: booking.clientEmail,
      phone: booking.clientPhone,
      membership: booking.client?.subscriptionType ?? null,
      bookedAs: booking.subscriptionType,
    },
    schedule: {
      scheduledDate: booking.scheduledDate,
      scheduledTime: booking.scheduledTime,
      scheduledAt: booking.scheduledAt.toISOString(),
      totalHours: booking.totalHours,
    },
    address: {
      address: booking.address,
      city: booking.city,
      state: booking.state,
      zipCode: booking.zipCode,
    },
    location:
      booking.latitude !== null && booking.longitude !== null && booking.geocodePrecision
        ? {
            latitude: booking.latitude,
            longitude: booking.longitude,
            precision: booking.geocodePrecision,
          }
        : null,
    house: house
      ? {
          homeSize: house.homeSize,
          squareFeet: house.squareFeet,
          numberOfFloors: house.numberOfFloors,
          bedroomCount: house.bedroomCount,
          fullBathroomCount: house.fullBathroomCount,
          halfBathroomCount: house.halfBathroomCount,
          hasKitchen: house.hasKitchen,
          hasLivingRoom: house.hasLivingRoom,
          selectedRooms: house.selectedRooms,
          hasPets: house.hasPets,
          petDetails: house.petDetails,
        }
      : null,
    addOns: (booking.addOns ?? []).map((a) => ({
      name: a.addOn?.name ?? a.addOnId,
      quantity: a.quantity,
      amount: centsToDollars(a.quantity * a.unitPriceCents),
    })),
    details: detailsOf(cardSource(booking)),
    greenCleaning: booking.greenCleaning,
    clientNotes: booking.clientNotes,
    price: {
      priceIsFinal: booking.priceIsFinal,
      estimatedAmount: dollarsOrNull(booking.estimatedAmountCents),
      priceProposal: priceProposalOf(booking, config),
      priceToConfirm: priceToConfirm(booking),
      hourlyRate: dollarsOrNull(booking.hourlyRateCents),
      baseAmount: centsToDollars(booking.baseAmountCents),
      greenCleaningFee: centsToDollars(booking.greenCleaningFeeCents),
      addOnsTotal: centsToDollars(booking.addOnsTotalCents),
      discountAmount: centsToDollars(booking.discountCents),
      creditAmount: centsToDollars(booking.creditCents),
      giftCardAmount: centsToDollars(booking.giftCardCents),
      totalAmount: centsToDollars(booking.totalAmountCents),
      depositAmount: centsToDollars(booking.depositAmountCents),
      amountPaid: centsToDollars(booking.amountPaidCents),
      amountRefunded: centsToDollars(refunded),
      balance: centsToDollars(
        booking.canceledAt ? 0 : Math.max(0, booking.totalAmountCents - booking.amountPaidCents),
      ),
      cancellationFee: dollarsOrNull(booking.cancellationFeeCents),
    },
    payments: payments.map((p) => ({
      ...toPaymentRecord(p),
      gateway: p.gateway,
      gatewayPaymentId: p.gatewayPaymentId,
      failureMessage: p.failureMessage,
      refunds: refunds
        .filter((r) => r.paymentId === p.id)
        .map((r) => ({
          id: r.id,
          amount: centsToDollars(r.amountCents),
          reason: r.reason,
          gatewayRefundId: r.gatewayRefundId,
          createdAt: r.createdAt.toISOString(),
          createdBy: r.createdBy ? (names.get(r.createdBy) ?? null) : null,
        })),
    })),
    payLink: {
      due: due ? { option: due.option, amount: centsToDollars(due.cents) } : null,
      depositRequestedAt: iso(booking.depositRequestedAt),
      balanceRequestedAt: iso(booking.balanceRequestedAt),
      sent: links.map((l) => ({ purpose: l.purpose, createdAt: l.createdAt.toISOString() })),
    },
    provider: booking.provider
      ? {
          id: booking.provider.id,
          name: fullName(booking.provider),
          email: booking.provider.email,
          phone: booking.provider.phone,
        }
      : null,
    assignedAt: iso(booking.assignedAt),
    enRouteAt: iso(booking.enRouteAt),
    clockInAt: iso(booking.clockInAt),
    clockOutAt: iso(booking.clockOutAt),
    // Punches only: "on my way" (issue 32) is a provider event too, shown as enRouteAt.
    punches: (booking.events ?? [])
      .filter((event) => event.type !== 'en_route')
      .sort((a, b) => a.id - b.id)
      .map(toPunch),
    payout: payout ? toPayout(payout, names) : null,
    photos: { before: photos('before'), after: photos('after') },
    cancellation: booking.canceledAt
      ? {
          canceledAt: booking.canceledAt.toISOString(),
          reason: booking.cancellationReason,
          fee: dollarsOrNull(booking.cancellationFeeCents),
          canceledBy: booking.canceledBy ? (names.get(booking.canceledBy) ?? null) : null,
        }
      : null,
    actions: {
      assign: assignTerms(booking),
      unassign: unassignTerms(booking),
      confirmPrice: confirmPriceTerms(booking),
      cancel: cancelTerms(booking, config, now),
      resendPayLink: resendPayLinkTerms(booking),
      reviewPayout: payoutReviewTerms(payout),
    },
  });
}
