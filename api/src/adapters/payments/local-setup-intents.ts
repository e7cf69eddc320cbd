import type { LocalConfirmAnswer } from '@twinclean/shared/local-gateway';
import type { Knex } from 'knex';
import { notFound } from '../../errors';
import type { GatewayCard, GatewaySetupIntent, PaymentGateway } from './gateway';
import {
  AUTHENTICATION_FAILED_MESSAGE,
  expiryOf,
  keyReused,
  type LocalCard,
  localToken,
  testCardVerdict,
  unexpectedState,
} from './local-test-mode';

export type LocalSetupResult = { setupIntent: GatewaySetupIntent; answer: LocalConfirmAnswer };

/** The LocalGateway's saved cards: Stripe's setup intents, and the card form's part in them. */
export type LocalSetupIntents = Pick<
  PaymentGateway,
  'ensureCustomer' | 'createSetupIntent' | 'retrieveSetupIntent' | 'detachPaymentMethod'
> & {
  confirmSetup(id: string, input: LocalCard, now?: Date): Promise<LocalSetupResult>;
  authenticateSetup(id: string, clientSecret: string, approve: boolean): Promise<LocalSetupResult>;
};

type SetupRow = {
  id: string;
  clientSecret: string;
  customerId: string;
  status: 'requires_payment_method' | 'requires_action' | 'succeeded';
  paymentMethodId: string | null;
  declineMessage: string | null;
  idempotencyKey: string | null;
};
type CardRow = GatewayCard & { customerId: string | null };
type Outcome = Pick<SetupRow, 'status' | 'paymentMethodId' | 'declineMessage'>;

const SETUP_INTENTS = 'localGatewaySetupIntents';
const CARDS = 'localGatewayPaymentMethods';
// Stripe's test cards are all Visas; so are ours.
const TEST_CARD_BRAND = 'visa';

const toCard = ({ id, brand, last4, expMonth, expYear }: CardRow): GatewayCard => ({
  id,
  brand,
  last4,
  expMonth,
  expYear,
});

/**
 * Setup intents in the LocalGateway's ledger: a test card that goes through is saved on the
 * customer (a Visa ending in its last four), one that asks for the extra step waits for it, and
 * a refused one leaves the intent waiting for another card with the refusal's message.
 */
export function localSetupIntents(db: Knex): LocalSetupIntents {
  async function view(trx: Knex, row: SetupRow): Promise<GatewaySetupIntent> {
    const card: CardRow | undefined = row.paymentMethodId
      ? await trx(CARDS).where({ id: row.paymentMethodId }).first()
      : undefined;
    return {
      id: row.id,
      clientSecret: row.clientSecret,
      status: row.status,
      customerId: row.customerId,
      paymentMethod: card ? toCard(card) : null,
      failureMessage: row.declineMessage,
    };
  }

  /** The setup intent, locked for this transaction, when the secret is its own. */
  async function lockOwn(trx: Knex.Transaction, id: string, clientSecret: string) {
    const row: SetupRow | undefined = await trx(SETUP_INTENTS)
      .where({ id, clientSecret })
      .forUpdate()
      .first();
    if (!row) throw notFound('Card setup');
    return row;
  }

  async function settle(trx: Knex.Transaction, row: SetupRow, outcome: Outcome) {
    const [updated]: SetupRow[] = await trx(SETUP_INTENTS)
      .where({ id: row.id })
      .update({ ...outcome, updatedAt: trx.fn.now() })
      .returning('*');
    if (outcome.status === 'succeeded') {
      await trx(CARDS)
        .where({ id: outcome.paymentMethodId })
        .update({ customerId: row.customerId });
    }
    const answer = { status: outcome.status, message: outcome.declineMessage };
    return { setupIntent: await view(trx, updated as SetupRow), answer };
  }

  return {
    // Derived from our own user id: stable, so a second call answers the same customer.
    async ensureCustomer(user) {
      return `cus_local_${user.id}`;
    },

    async createSetupIntent({ customerId, idempotencyKey }) {
      const id = `seti_local_${localToken(12)}`;
      const [created]: SetupRow[] = await db(SETUP_INTENTS)
        .insert({
          id,
          clientSecret: `${id}_secret_${localToken(24)}`,
          customerId,
          status: 'requires_payment_method',
          idempotencyKey,
        })
        .onConflict('idempotencyKey')
        .ignore()
        .returning('*');
      const row: SetupRow = created ?? (await db(SETUP_INTENTS).where({ idempotencyKey }).first());
      if (row.customerId !== customerId) throw keyReused();
      return view(db, row);
    },

    async retrieveSetupIntent(id) {
      const row: SetupRow | undefined = await db(SETUP_INTENTS).where({ id }).first();
      return row ? view(db, row) : null;
    },

    async detachPaymentMethod(id) {
      await db(CARDS).where({ id }).update({ customerId: null });
    },

    confirmSetup(id, input, now = new Date()) {
      // The row lock makes two confirmations at once take their turns: one card saved, one 409.
      return db.transaction(async (trx) => {
        const row = await lockOwn(trx, id, input.clientSecret);
        if (row.status === 'succeeded') throw unexpectedState('This card has already been saved.');
        const verdict = testCardVerdict(input, now, 'save');
        if (verdict.status === 'requires_payment_method') {
          return settle(trx, row, {
            status: verdict.status,
            paymentMethodId: null,
            declineMessage: verdict.message,
          });
        }
        // Like Stripe, the card exists from here, attached to the customer only once it succeeds.
        const { month, year } = expiryOf(input);
        const [card]: CardRow[] = await trx(CARDS)
          .insert({
            id: `pm_local_${localToken(12)}`,
            brand: TEST_CARD_BRAND,
            last4: input.cardNumber.slice(-4),
            expMonth: month,
            expYear: year,
          })
          .returning('*');
        return settle(trx, row, {
          status: verdict.status,
          paymentMethodId: (card as CardRow).id,
          declineMessage: null,
        });
      });
    },

    authenticateSetup(id, clientSecret, approve) {
      return db.transaction(async (trx) => {
        const row = await lockOwn(trx, id, clientSecret);
        if (row.status !== 'requires_action') {
          throw unexpectedState('This card is not waiting for authentication.');
        }
        return settle(
          trx,
          row,
          approve
            ? { status: 'succeeded', paymentMethodId: row.paymentMethodId, declineMessage: null }
            : {
                status: 'requires_payment_method',
                paymentMethodId: null,
                declineMessage: AUTHENTICATION_FAILED_MESSAGE,
              },
        );
      });
    },
  };
}
