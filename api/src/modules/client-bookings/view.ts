import { cancelTerms, rescheduleTerms } from '@twinclean/shared/booking-policy';
import {
  type ClientBooking,
  type ClientBookingSummary,
  clientBookingSchema,
} from '@twinclean/shared/client-bookings';
import { centsToDollars } from '@twinclean/shared/money';
import { paymentDue, paymentPlan } from '@twinclean/shared/payment-due';
import { paymentChoices } from '@twinclean/shared/payments';
import type { PricingConfig } from '@twinclean/shared/pricing-config';
import { hasPriceToConfirm } from '@twinclean/shared/provider-jobs';
import type { RatingState } from '@twinclean/shared/ratings';
import { CARD_RELATIONS, cardSource, detailsOf } from '../../core/job-card';
import { priceProposalOf } from '../../core/price-proposal';
import type { Booking } from '../../models/booking';
import { toPaymentRecord } from '../payments/ledger';
import { photoUrl } from '../photos/service';

/** What the client's booking page reads with the booking. */
export const CLIENT_GRAPH = `[${[
  ...CARD_RELATIONS,
  'addOns.addOn',
  'photos',
  'events',
  'payments',
  'provider',
].join(', ')}]`;

const dollarsOrNull = (cents: number | null) => (cents === null ? null : centsToDollars(cents));

export function toSummary(booking: Booking): ClientBookingSummary {
  const due = paymentDue(booking);
  return {
    id: booking.id,
    serviceType: booking.serviceType,
    status: booking.status,
    scheduledDate: booking.scheduledDate,
    scheduledTime: booking.scheduledTime,
    address: booking.address,
    city: booking.city,
    state: booking.state,
    totalAmount: centsToDollars(booking.totalAmountCents),
    priceIsFinal: booking.priceIsFinal,
    amountDue: due ? centsToDollars(due.cents) : null,
  };
}

/** The punch that counted (the first accepted one of its kind) and whether it was at the address. */
function punch(booking: Booking, type: 'clock_in' | 'clock_out') {
  const event = (booking.events ?? [])
    .filter((e) => e.type === type && e.responseStatus === 200)
    .sort((a, b) => a.id - b.id)[0];
  return event ? event.geofenceVerified : null;
}

/** The card a member's visit is charged to (their default card), as the booking page names it. */
export type ChargeCard = { brand: string; last4: string };

/** The client's whole view of a booking (spec 2 §3), with what they can do about it now. */
export function toClientBooking(
  booking: Booking,
  config: PricingConfig,
  now: Date,
  rating: RatingState,
  card: ChargeCard | null,
): ClientBooking {
  const plan = paymentPlan(booking);
  const payments = (booking.payments ?? [])
    .filter((p) => p.status === 'succeeded')
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  const photos = (type: 'before' | 'after') =>
    (booking.photos ?? [])
      .filter((p) => p.photoType === type)
      .map((p) => ({ id: p.id, url: photoUrl(p.id), width: p.width, height: p.height }));
  const house = booking.serviceType === 'house';
  return clientBookingSchema.parse({
    ...toSummary(booking),
    zipCode: booking.zipCode,
    subscriptionType: booking.subscriptionType,
    homeSize: booking.houseDetails?.homeSize ?? null,
    totalHours: house ? booking.totalHours : null,
    hourlyRate: house ? dollarsOrNull(booking.hourlyRateCents) : null,
    baseAmount: centsToDollars(booking.baseAmountCents),
    greenCleaning: booking.greenCleaning,
    greenCleaningFee: centsToDollars(booking.greenCleaningFeeCents),
    addOnsTotal: centsToDollars(booking.addOnsTotalCents),
    discountAmount: centsToDollars(booking.discountCents),
    creditAmount: centsToDollars(booking.creditCents),
    giftCardAmount: centsToDollars(booking.giftCardCents),
    addOns: (booking.addOns ?? []).map((a) => ({
      name: a.addOn?.name ?? a.addOnId,
      quantity: a.quantity,
      amount: centsToDollars(a.quantity * a.unitPriceCents),
    })),
    depositAmount: centsToDollars(booking.depositAmountCents),
    estimatedAmount: hasPriceToConfirm(booking.serviceType)
      ? dollarsOrNull(booking.estimatedAmountCents)
      : null,
    priceProposal: priceProposalOf(booking, config),
    amountPaid: centsToDollars(booking.amountPaidCents),
    // Beside amountPaid, which a tip never enters: a refunded tip is the tip's, not the booking's.
    amountRefunded: centsToDollars(
      payments.filter((p) => p.kind !== 'tip').reduce((sum, p) => sum + p.refundedCents, 0),
    ),
    selectedRooms: booking.houseDetails?.selectedRooms ?? [],
    details: detailsOf(cardSource(booking)),
    clientNotes: booking.clientNotes,
    providerId: booking.providerId,
    providerFirstName: booking.provider?.firstName ?? null,
    providerClockInTime: booking.clockInAt?.toISOString() ?? null,
    providerClockOutTime: booking.clockOutAt?.toISOString() ?? null,
    clockInVerified: punch(booking, 'clock_in'),
    clockOutVerified: punch(booking, 'clock_out'),
    beforePhotos: photos('before'),
    afterPhotos: photos('after'),
    cancellationReason: booking.cancellationReason,
    canceledAt: booking.canceledAt?.toISOString() ?? null,
    cancellationFee: dollarsOrNull(booking.cancellationFeeCents),
    payments: payments.map(toPaymentRecord),
    paymentChoices: paymentChoices(booking).map((c) => ({
      option: c.option,
      amount: centsToDollars(c.cents),
    })),
    paymentPlan: plan && {
      kind: plan.kind,
      dueAt: plan.dueAt?.toISOString() ?? null,
      card: plan.kind === 'automatic' && card ? { brand: card.brand, last4: card.last4 } : null,
    },
    cancelTerms: cancelTerms(booking, config, now),
    rescheduleTerms: rescheduleTerms(booking, now),
    rating,
  });
}
