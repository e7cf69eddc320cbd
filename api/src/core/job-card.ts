import { centsToDollars } from '@twinclean/shared/money';
import type { JobDetails, OpenJob } from '@twinclean/shared/provider-jobs';
import { type PayTerms, providerShareCents } from '@twinclean/shared/provider-pay';
import { dryCleaningItems } from '@twinclean/shared/services';
import type { Booking } from '../models/booking';

/**
 * The facts of a booking a job card is made of, flat: the job board reads them as one row
 * (BOARD_SQL), the other views from a booking and its relations (cardSource).
 */
export type CardSource = Pick<
  Booking,
  | 'id'
  | 'serviceType'
  | 'city'
  | 'state'
  | 'address'
  | 'zipCode'
  | 'scheduledDate'
  | 'scheduledTime'
  | 'totalHours'
  | 'greenCleaning'
  | 'clientNotes'
  | 'totalAmountCents'
  | 'discountCents'
  | 'creditCents'
  | 'giftCardCents'
  | 'goodwillRefundCents'
  | 'priceIsFinal'
  | 'dropoffSameAsPickup'
  | 'dropoffAddress'
  | 'dropoffCity'
  | 'dropoffState'
  | 'dropoffZipCode'
> & {
  homeSize: OpenJob['homeSize'];
  bedrooms: number | null;
  livingRooms: number | null;
  stairs: number | null;
  numberOfLoads: number | null;
  dryCleaningItems: { itemId: string; quantity: number }[] | null;
};

/** The relations cardSource reads: fetch them with the booking (CARD_GRAPH). */
export const CARD_RELATIONS = [
  'houseDetails',
  'carpetDetails',
  'laundryDetails',
  'dryCleaningItems',
];
export const CARD_GRAPH = `[${CARD_RELATIONS.join(', ')}]`;

export function cardSource(booking: Booking): CardSource {
  return {
    ...booking,
    homeSize: booking.houseDetails?.homeSize ?? null,
    bedrooms: booking.carpetDetails?.bedrooms ?? null,
    livingRooms: booking.carpetDetails?.livingRooms ?? null,
    stairs: booking.carpetDetails?.stairs ?? null,
    numberOfLoads: booking.laundryDetails?.numberOfLoads ?? null,
    dryCleaningItems: booking.dryCleaningItems ?? null,
  };
}

/**
 * The price of the work a provider's share is of: what a discount code, a goodwill refund,
 * referral credit or a gift card took off the client's total is the company's, not theirs. The
 * job card and the payout at clock-out both count it here.
 */
export const workPriceCents = (
  job: Pick<
    Booking,
    'totalAmountCents' | 'discountCents' | 'goodwillRefundCents' | 'creditCents' | 'giftCardCents'
  >,
) =>
  job.totalAmountCents +
  job.discountCents +
  job.goodwillRefundCents +
  job.creditCents +
  job.giftCardCents;

/**
 * The provider's pay (DECISIONS.md "Providers", "Special services"): hours × their rate for
 * house cleaning, their share of the price for a fixed-price service.
 */
function payCents(job: CardSource, terms: PayTerms): number | null {
  if (job.serviceType !== 'house') {
    return providerShareCents(workPriceCents(job), terms.providerSharePercent);
  }
  return job.totalHours === null
    ? null
    : Math.round(job.totalHours * terms.providerHourlyRateCents);
}

const ITEM_ORDER = new Map<string, number>(dryCleaningItems.map((item, i) => [item.id, i]));
const ITEM_NAMES = new Map<string, string>(dryCleaningItems.map((item) => [item.id, item.name]));

/** The rug and garment list in the order of the booking form, each with its name. */
function itemList(items: CardSource['dryCleaningItems']) {
  const rank = (id: string) => ITEM_ORDER.get(id) ?? ITEM_ORDER.size;
  return [...(items ?? [])]
    .sort((a, b) => rank(a.itemId) - rank(b.itemId))
    .map(({ itemId, quantity }) => ({
      id: itemId,
      name: ITEM_NAMES.get(itemId) ?? itemId,
      quantity,
    }));
}

/** Where the order goes back to; the pickup is the job's own address. */
function dropoffOf(job: CardSource) {
  const sameAsPickup = job.dropoffSameAsPickup ?? !job.dropoffAddress;
  return sameAsPickup
    ? { sameAsPickup, address: job.address, city: job.city, state: job.state, zipCode: job.zipCode }
    : {
        sameAsPickup,
        address: job.dropoffAddress ?? '',
        city: job.dropoffCity ?? '',
        state: job.dropoffState ?? job.state,
        zipCode: job.dropoffZipCode ?? '',
      };
}

/** What the provider is to do beyond the address and time: rooms, loads or items. */
export function detailsOf(job: CardSource): JobDetails | null {
  switch (job.serviceType) {
    case 'carpet':
      return job.bedrooms === null
        ? null
        : {
            kind: 'carpet',
            bedrooms: job.bedrooms,
            livingRooms: job.livingRooms ?? 0,
            stairs: job.stairs ?? 0,
          };
    case 'laundry':
      return job.numberOfLoads === null
        ? null
        : { kind: 'laundry', numberOfLoads: job.numberOfLoads, dropoff: dropoffOf(job) };
    case 'dry_cleaning':
      return {
        kind: 'dry_cleaning',
        items: itemList(job.dryCleaningItems),
        dropoff: dropoffOf(job),
      };
    default:
      return null;
  }
}

/**
 * The provider's view of a booking: their pay, never the client's price. Built field by field
 * from typed columns (no row reaches the phone as it is), so the card is an OpenJob by
 * construction; it is not parsed again here, where a board builds 200 of them per request (the
 * provider app parses what it receives).
 */
export function toOpenJob(
  job: CardSource,
  terms: PayTerms,
  /** An auction-board job's bonus on top of the pay (DECISIONS.md "Admin operations"). */
  bonusCents: number | null = null,
): OpenJob {
  const pay = payCents(job, terms);
  return {
    id: job.id,
    serviceType: job.serviceType,
    homeSize: job.homeSize,
    totalAmount: pay === null ? null : centsToDollars(pay),
    city: job.city,
    state: job.state,
    address: job.address,
    scheduledDate: job.scheduledDate,
    scheduledTime: job.scheduledTime,
    totalHours: job.totalHours ?? null,
    hourlyRate: centsToDollars(terms.providerHourlyRateCents),
    greenCleaning: job.greenCleaning,
    clientNotes: job.clientNotes,
    details: detailsOf(job),
    priceIsFinal: job.priceIsFinal,
    urgent: Boolean(bonusCents),
    bonus: bonusCents ? centsToDollars(bonusCents) : null,
  };
}
