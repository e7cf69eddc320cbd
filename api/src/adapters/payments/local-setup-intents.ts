import type { LocalConfirmAnswer } from '@twinclean/shared/local-gateway';
import type { Knex } from 'knex';
import type { GatewaySetupIntent, PaymentGateway } from './gateway';
import { type LocalIntentStatus, type LocalStep, nextStep } from './local-intent-states';
import {
  cardView,
  keyReused,
  LOCAL_CARDS,
  type LocalCard,
  type LocalCardRow,
  localToken,
  lockOwn,
  storeTestCard,
  testCardVerdict,
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
  status: Exclude<LocalIntentStatus, 'canceled'>;
  paymentMethodId: string | null;
  declineMessage: string | null;
  idempotencyKey: string | null;
};

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

  const lock = (trx: Knex.Transaction, id: string, clientSecret: string) =>
    lockOwn<SetupRow>(trx, SETUP_INTENTS, 'Card setup', { id, clientSecret });

  /** Records the step with the card it keeps, which is saved on the customer once it succeeds. */
  async function settle(
    trx: Knex.Transaction,
    row: SetupRow,
    { answer }: LocalStep,
    paymentMethodId: string | null,
  ): Promise<LocalSetupResult> {
    const [updated]: SetupRow[] = await trx(SETUP_INTENTS)
      .where({ id: row.id })
      .update({
        status: answer.status,
        declineMessage: answer.message,
        paymentMethodId,
        updatedAt: trx.fn.now(),
      })
      .returning('*');
    if (answer.status === 'succeeded') {
      await trx(LOCAL_CARDS).where({ id: paymentMethodId }).update({ customerId: row.customerId });
    }
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
        const row = await lock(trx, id, input.clientSecret);
        const verdict = testCardVerdict(input, now, 'save');
        const step = nextStep('setup', row.status, { action: 'confirm', verdict });
        return settle(trx, row, step, step.keepsCard ? await storeTestCard(trx, input) : null);
      });
    },

    authenticateSetup(id, clientSecret, approve) {
      return db.transaction(async (trx) => {
        const row = await lock(trx, id, clientSecret);
        const step = nextStep('setup', row.status, { action: 'authenticate', approve });
        return settle(trx, row, step, step.keepsCard ? row.paymentMethodId : null);
      });
    },
  };
}
