import type { LocalConfirmAnswer } from '@twinclean/shared/local-gateway';
import type { Knex } from 'knex';
import { notFound } from '../../errors';
import type { GatewaySetupIntent, PaymentGateway } from './gateway';
import {
  AUTHENTICATION_FAILED_MESSAGE,
  cardView,
  keyReused,
  LOCAL_CARDS,
  type LocalCard,
  type LocalCardRow,
  localToken,
  storeTestCard,
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
type Outcome = Pick<SetupRow, 'status' | 'paymentMethodId' | 'declineMessage'>;

const SETUP_INTENTS = 'localGatewaySetupIntents';

/**
 * Setup intents in the LocalGateway's ledger: a test card that goes through is saved on the
 * customer (a Visa ending in its last four), one that asks for the extra step waits for it, and
 * a refused one leaves the intent waiting for another card with the refusal's message.
 */
export function localSetupIntents(db: Knex): LocalSetupIntents {
  async function view(trx: Knex, row: SetupRow): Promise<GatewaySetupIntent> {
    const card: LocalCardRow | undefined = row.paymentMethodId
      ? await trx(LOCAL_CARDS).where({ id: row.paymentMethodId }).first()
      : undefined;
    return {
      id: row.id,
      clientSecret: row.clientSecret,
      status: row.status,
      customerId: row.customerId,
      paymentMethod: card ? cardView(card) : null,
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
      await trx(LOCAL_CARDS)
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
      await db(LOCAL_CARDS).where({ id }).update({ customerId: null });
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
        return settle(trx, row, {
          status: verdict.status,
          paymentMethodId: await storeTestCard(trx, input),
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
