import { randomBytes } from 'node:crypto';
import {
  LOCAL_DECLINE_MESSAGE,
  LOCAL_UNKNOWN_CARD_MESSAGE,
  type LocalConfirmAnswer,
  type localCardSchema,
  TEST_CARDS,
} from '@twinclean/shared/local-gateway';
import { chicagoDate } from '@twinclean/shared/schedule';
import type { Knex } from 'knex';
import type * as z from 'zod/mini';
import { AppError, notFound } from '../../errors';
import type { GatewayCard } from './gateway';

// The LocalGateway's test mode, for its payments and its saved cards alike: the test cards, ids
// and secrets, and Stripe's refusals in Stripe's words.

/** The test-card form's fields, already parsed by localCardSchema (digits only). */
export type LocalCard = z.output<typeof localCardSchema>;

// Stripe's own words, so a client sees the same message on either gateway.
export const EXPIRED_MESSAGE = 'Your card has expired.';
export const AUTHENTICATION_FAILED_MESSAGE =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

const KNOWN_CARDS: ReadonlySet<string> = new Set(Object.values(TEST_CARDS));

/** MM/YY as a month and a four-digit year. */
export function expiryOf(card: Pick<LocalCard, 'expiry'>): { month: number; year: number } {
  const [, month, year] = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry) ?? [];
  return { month: Number(month), year: 2000 + Number(year) };
}

/** MM/YY is good through the last day of that month, Chicago time. */
function hasExpired(card: LocalCard, now: Date): boolean {
  const { month, year } = expiryOf(card);
  const [thisYear, thisMonth] = chicagoDate(now).split('-').map(Number);
  return year * 12 + month < Number(thisYear) * 12 + Number(thisMonth);
}

const refused = (message: string): LocalConfirmAnswer => ({
  status: 'requires_payment_method',
  message,
});

/**
 * What a test card does, as Stripe test mode would: it goes through, is refused, or asks for the
 * extra step. Saving a card (`save`) differs from charging it in one card: 0341 saves, and every
 * charge to it is declined.
 */
export function testCardVerdict(
  card: LocalCard,
  now: Date,
  purpose: 'charge' | 'save' = 'charge',
): LocalConfirmAnswer {
  if (!KNOWN_CARDS.has(card.cardNumber)) return refused(LOCAL_UNKNOWN_CARD_MESSAGE);
  if (hasExpired(card, now)) return refused(EXPIRED_MESSAGE);
  if (card.cardNumber === TEST_CARDS.declines) return refused(LOCAL_DECLINE_MESSAGE);
  if (card.cardNumber === TEST_CARDS.declinesOnceSaved && purpose === 'charge') {
    return refused(LOCAL_DECLINE_MESSAGE);
  }
  if (card.cardNumber === TEST_CARDS.authenticates) {
    return { status: 'requires_action', message: null };
  }
  return { status: 'succeeded', message: null };
}

/** Random url-safe text for ids and client secrets. */
export const localToken = (bytes: number) => randomBytes(bytes).toString('base64url');

export const keyReused = () =>
  new AppError(
    409,
    'idempotency_key_reused',
    'Keys for idempotent requests can only be used with the same parameters they were first used with.',
  );

/**
 * What a charge to a saved test card does while its holder is away: the card that declines once
 * saved is declined; the others go through (a card authenticated when saved needs no new step,
 * as with Stripe's 3155).
 */
export function savedCardVerdict(last4: string): LocalConfirmAnswer {
  return last4 === TEST_CARDS.declinesOnceSaved.slice(-4)
    ? refused(LOCAL_DECLINE_MESSAGE)
    : { status: 'succeeded', message: null };
}

/** The LocalGateway's saved cards: a card, and the customer it is attached to (null: not yet, or detached). */
export const LOCAL_CARDS = 'localGatewayPaymentMethods';
export type LocalCardRow = GatewayCard & { customerId: string | null };

export const cardView = ({ id, brand, last4, expMonth, expYear }: LocalCardRow): GatewayCard => ({
  id,
  brand,
  last4,
  expMonth,
  expYear,
});

/**
 * Keeps the card a form confirmed, unattached: like Stripe, it is attached to the customer only
 * once the payment or setup it came with succeeds. Stripe's test cards are all Visas; so are
 * ours. Its id.
 */
export async function storeTestCard(trx: Knex, card: LocalCard): Promise<string> {
  const { month, year } = expiryOf(card);
  const [row]: LocalCardRow[] = await trx(LOCAL_CARDS)
    .insert({
      id: `pm_local_${localToken(12)}`,
      brand: 'visa',
      last4: card.cardNumber.slice(-4),
      expMonth: month,
      expYear: year,
    })
    .returning('*');
  return (row as LocalCardRow).id;
}

/**
 * An intent (`table`: payments' or setups') locked for this transaction, when the secret is its
 * own: the lock makes two confirmations at once take their turns. A wrong secret reads as unknown.
 */
export async function lockOwn<Row>(
  trx: Knex.Transaction,
  table: string,
  what: string,
  { id, clientSecret }: { id: string; clientSecret: string },
): Promise<Row> {
  const row: Row | undefined = await trx(table).where({ id, clientSecret }).forUpdate().first();
  if (!row) throw notFound(what);
  return row;
}
