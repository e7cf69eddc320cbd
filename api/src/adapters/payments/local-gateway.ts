import { type LocalConfirmAnswer, TEST_CARDS } from '@twinclean/shared/local-gateway';
import { formatDollars } from '@twinclean/shared/money';
import type { Knex } from 'knex';
import { AppError, notFound } from '../../errors';
import type { GatewayIntent, GatewayRefund, PaymentGateway } from './gateway';
import { type LocalConnect, localConnect } from './local-connect';
import { localChargesIn, localRefund, localRefundsIn } from './local-gateway-lists.sql';
import {
  ALLOWED_FROM,
  allows,
  type LocalIntentStatus,
  type LocalStep,
  nextStep,
} from './local-intent-states';
import { type LocalSetupIntents, localSetupIntents } from './local-setup-intents';
import {
  cardView,
  keyReused,
  LOCAL_CARDS,
  type LocalCard,
  type LocalCardRow,
  localToken,
  lockOwn,
  savedCardVerdict,
  storeTestCard,
  testCardVerdict,
} from './local-test-mode';

export type LocalConfirmResult = { intent: GatewayIntent; answer: LocalConfirmAnswer };

/** The LocalGateway also plays the browser's part of Stripe: the card form and 3-D Secure. */
export type LocalGateway = PaymentGateway &
  LocalSetupIntents & {
    readonly name: 'local';
    readonly connect: LocalConnect;
    confirm(id: string, input: LocalCard, now?: Date): Promise<LocalConfirmResult>;
    authenticate(id: string, clientSecret: string, approve: boolean): Promise<LocalConfirmResult>;
  };

type IntentRow = {
  id: string;
  clientSecret: string;
  amountCents: number;
  currency: string;
  status: LocalIntentStatus;
  cardLast4: string | null;
  declineMessage: string | null;
  metadata: Record<string, string>;
  idempotencyKey: string | null;
  customerId: string | null;
  saveCard: boolean;
  paymentMethodId: string | null;
};
type RefundRow = { id: string; intentId: string; amountCents: number; idempotencyKey: string };

const INTENTS = 'localGatewayIntents';
const REFUNDS = 'localGatewayRefunds';

/** Our view of an intent; the card it saved is shown once it has paid, as with Stripe. */
async function toIntent(db: Knex, row: IntentRow): Promise<GatewayIntent> {
  const saved =
    row.saveCard && row.status === 'succeeded' && row.paymentMethodId
      ? ((await db(LOCAL_CARDS).where({ id: row.paymentMethodId }).first()) as
          | LocalCardRow
          | undefined)
      : undefined;
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    status: row.status,
    amountCents: row.amountCents,
    currency: row.currency,
    metadata: row.metadata,
    cardLast4: row.cardLast4,
    failureMessage: row.declineMessage,
    paymentMethod: saved ? cardView(saved) : null,
  };
}

// Stripe's words for a card that is not (or no longer) on the customer.
const NO_SUCH_CARD_MESSAGE = 'This card is no longer saved. Please add a card and try again.';

const toRefund = (row: RefundRow): GatewayRefund => ({
  id: row.id,
  amountCents: row.amountCents,
  status: 'succeeded',
});

/**
 * A test-mode processor whose ledger is our own database (ARCHITECTURE.md "Adapters"), so
 * `npm start` takes payments with no network and no Stripe account. cardLast4 is the card that
 * paid: null until the intent succeeds.
 */
export function localGateway(db: Knex): LocalGateway {
  const lock = (trx: Knex.Transaction, id: string, clientSecret: string) =>
    lockOwn<IntentRow>(trx, INTENTS, 'Payment', { id, clientSecret });

  /** Records the step; `last4` is the card tried, which shows on the intent once it has paid. */
  async function settle(
    trx: Knex.Transaction,
    id: string,
    { answer }: LocalStep,
    card: { last4: string; paymentMethodId: string | null },
  ): Promise<LocalConfirmResult> {
    const [row]: IntentRow[] = await trx(INTENTS)
      .where({ id })
      .update({
        status: answer.status,
        declineMessage: answer.message,
        cardLast4: answer.status === 'succeeded' ? card.last4 : null,
        paymentMethodId: card.paymentMethodId,
        updatedAt: trx.fn.now(),
      })
      .returning('*');
    const settled = row as IntentRow;
    // Like Stripe, a card being saved is attached to the customer only once the payment succeeds.
    if (settled.status === 'succeeded' && settled.saveCard && settled.paymentMethodId) {
      await trx(LOCAL_CARDS)
        .where({ id: settled.paymentMethodId })
        .update({ customerId: settled.customerId });
    }
    return { intent: await toIntent(trx, settled), answer };
  }

  return {
    name: 'local',
    publishableKey: null,
    connect: localConnect(db),
    ...localSetupIntents(db),
    listCharges: (period) => localChargesIn(db, period),
    listRefunds: (period) => localRefundsIn(db, period),
    retrieveRefund: (id) => localRefund(db, id),

    async createIntent({ amountCents, description, metadata, idempotencyKey, ...saving }) {
      const id = `pi_local_${localToken(12)}`;
      const [created]: IntentRow[] = await db(INTENTS)
        .insert({
          id,
          clientSecret: `${id}_secret_${localToken(24)}`,
          amountCents,
          description,
          status: 'requires_payment_method',
          metadata,
          idempotencyKey,
          customerId: saving.customerId ?? null,
          saveCard: Boolean(saving.saveCard && saving.customerId),
        })
        .onConflict('idempotencyKey')
        .ignore()
        .returning('*');
      // Two creates with one key at once: the second insert waits for the first, then reads it.
      const row: IntentRow = created ?? (await db(INTENTS).where({ idempotencyKey }).first());
      if (row.amountCents !== amountCents) throw keyReused();
      return toIntent(db, row);
    },

    async chargeSavedCard({ customerId, paymentMethodId, amountCents, ...intent }) {
      const card: LocalCardRow | undefined = await db(LOCAL_CARDS)
        .where({ id: paymentMethodId, customerId })
        .first();
      const verdict = card
        ? savedCardVerdict(card.last4)
        : { status: 'requires_payment_method' as const, message: NO_SUCH_CARD_MESSAGE };
      const id = `pi_local_${localToken(12)}`;
      const [created]: IntentRow[] = await db(INTENTS)
        .insert({
          id,
          clientSecret: `${id}_secret_${localToken(24)}`,
          amountCents,
          description: intent.description,
          metadata: intent.metadata,
          idempotencyKey: intent.idempotencyKey,
          customerId,
          saveCard: false,
          paymentMethodId: card?.id ?? null,
          status: verdict.status,
          cardLast4: verdict.status === 'succeeded' ? (card?.last4 ?? null) : null,
          declineMessage: verdict.message,
        })
        .onConflict('idempotencyKey')
        .ignore()
        .returning('*');
      const row: IntentRow =
        created ?? (await db(INTENTS).where({ idempotencyKey: intent.idempotencyKey }).first());
      if (row.amountCents !== amountCents || row.paymentMethodId !== (card?.id ?? null)) {
        throw keyReused();
      }
      return toIntent(db, row);
    },

    async retrieveIntent(id) {
      const row: IntentRow | undefined = await db(INTENTS).where({ id }).first();
      return row ? toIntent(db, row) : null;
    },

    async cancelIntent(id) {
      await db(INTENTS)
        .where({ id })
        .whereIn('status', ALLOWED_FROM.cancel)
        .update({ status: 'canceled', updatedAt: db.fn.now() });
    },

    confirm(id, input, now = new Date()) {
      // The row lock makes two confirmations at once take their turns: one charge, one 409.
      return db.transaction(async (trx) => {
        const row = await lock(trx, id, input.clientSecret);
        const verdict = testCardVerdict(input, now);
        const step = nextStep('payment', row.status, { action: 'confirm', verdict });
        // Only an intent that saves cards keeps the card: it exists from here, unattached.
        const keep = row.saveCard && step.keepsCard;
        return settle(trx, id, step, {
          last4: input.cardNumber.slice(-4),
          paymentMethodId: keep ? await storeTestCard(trx, input) : null,
        });
      });
    },

    authenticate(id, clientSecret, approve) {
      return db.transaction(async (trx) => {
        const row = await lock(trx, id, clientSecret);
        const step = nextStep('payment', row.status, { action: 'authenticate', approve });
        // Only the test card that asks for the extra step gets this far.
        return settle(trx, id, step, {
          last4: TEST_CARDS.authenticates.slice(-4),
          paymentMethodId: step.keepsCard ? row.paymentMethodId : null,
        });
      });
    },

    async refund({ paymentIntentId, amountCents, idempotencyKey }) {
      if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
        throw new AppError(400, 'invalid_refund', 'A refund must be at least one cent.');
      }
      // Refunds of one intent take turns on its row, so together they never pass what was paid.
      return db.transaction(async (trx) => {
        const intent: IntentRow | undefined = await trx(INTENTS)
          .where({ id: paymentIntentId })
          .forUpdate()
          .first();
        if (!intent) throw notFound('Payment');
        const earlier: RefundRow | undefined = await trx(REFUNDS).where({ idempotencyKey }).first();
        if (earlier) {
          if (earlier.intentId !== paymentIntentId || earlier.amountCents !== amountCents) {
            throw keyReused();
          }
          return toRefund(earlier);
        }
        if (!allows('refund', intent.status)) {
          throw new AppError(
            409,
            'refund_refused',
            'Only a payment that succeeded can be refunded.',
          );
        }
        const done = await trx(REFUNDS)
          .where({ intentId: paymentIntentId })
          .sum({ cents: 'amountCents' })
          .first();
        const left = intent.amountCents - Number(done?.cents ?? 0);
        if (amountCents > left) {
          throw new AppError(
            409,
            'refund_refused',
            `Only ${formatDollars(left)} of this payment is left to refund.`,
          );
        }
        // A key used at this moment on another intent's refund meets the unique index (a 409).
        const [row]: RefundRow[] = await trx(REFUNDS)
          .insert({
            id: `re_local_${localToken(12)}`,
            intentId: paymentIntentId,
            amountCents,
            idempotencyKey,
          })
          .returning('*');
        return toRefund(row as RefundRow);
      });
    },
  };
}
