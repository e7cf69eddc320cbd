import { randomUUID } from 'node:crypto';
import type { CurrentUser } from '@twinclean/shared/auth';
import type { PaymentMethodView, SetupIntentAnswer } from '@twinclean/shared/payment-methods';
import type { Knex } from 'knex';
import type { GatewayCard, PaymentGateway } from '../../adapters/payments/gateway';
import { AppError, notFound } from '../../errors';
import { PaymentMethod } from '../../models/payment-method';
import { Subscription } from '../../models/subscription';
import { User } from '../../models/user';

export type PaymentMethodDeps = { db: Knex; gateway: PaymentGateway };

const toView = (card: PaymentMethod): PaymentMethodView => ({
  id: card.id,
  brand: card.brand,
  last4: card.last4,
  expMonth: card.expMonth,
  expYear: card.expYear,
  isDefault: card.isDefault,
  createdAt: card.createdAt.toISOString(),
});

const cardNotFound = () => notFound('Payment method');

/** The client's saved cards, the default first. */
export async function listPaymentMethods(db: Knex, userId: string): Promise<PaymentMethodView[]> {
  const cards = await PaymentMethod.query(db).where({ userId }).modify('defaultFirst');
  return cards.map(toView);
}

/** The client's customer at the gateway, made on first need and kept on the user. */
export async function customerOf(deps: PaymentMethodDeps, user: CurrentUser): Promise<string> {
  const stored = await User.query(deps.db).findById(user.id).select('gatewayCustomerId');
  if (stored?.gatewayCustomerId) return stored.gatewayCustomerId;
  const created = await deps.gateway.ensureCustomer({
    id: user.id,
    email: user.email,
    name: `${user.firstName} ${user.lastName}`,
  });
  // Two tabs at once get the same customer from the gateway; the first to store it wins anyway.
  await User.query(deps.db)
    .patch({ gatewayCustomerId: created })
    .where({ id: user.id })
    .whereNull('gatewayCustomerId');
  const kept = await User.query(deps.db).findById(user.id).select('gatewayCustomerId');
  return kept?.gatewayCustomerId ?? created;
}

/** A setup intent on the client's customer, for the gateway's card form to save a card with. */
export async function startCardSetup(
  deps: PaymentMethodDeps,
  user: CurrentUser,
): Promise<SetupIntentAnswer> {
  const customerId = await customerOf(deps, user);
  // A fresh intent per form: the key only makes the SDK's retries of this one create answer it.
  const intent = await deps.gateway.createSetupIntent({ customerId, idempotencyKey: randomUUID() });
  return {
    setupIntentId: intent.id,
    clientSecret: intent.clientSecret,
    gateway: deps.gateway.name,
    publishableKey: deps.gateway.publishableKey,
  };
}

/** Locks the client's row: their cards' default changes one request at a time. */
const lockClient = (trx: Knex.Transaction, userId: string) =>
  User.query(trx).findById(userId).forUpdate().select('id', 'gatewayCustomerId');

/**
 * Records the card a setup intent saved, after asking the gateway: only the client's own
 * customer's intent, only once it succeeded (else the gateway's message), once per card. The
 * client's first card, or any card while they have no default, becomes the default.
 */
export async function addPaymentMethod(
  deps: PaymentMethodDeps,
  userId: string,
  setupIntentId: string,
): Promise<PaymentMethodView> {
  const client = await User.query(deps.db).findById(userId).select('gatewayCustomerId');
  const customerId = client?.gatewayCustomerId;
  // Another client's setup looks exactly like one that does not exist.
  const intent = customerId ? await deps.gateway.retrieveSetupIntent(setupIntentId) : null;
  if (!intent || intent.customerId !== customerId) throw notFound('Card setup');
  if (intent.status !== 'succeeded') {
    throw new AppError(
      402,
      'card_not_saved',
      intent.failureMessage ?? 'The card has not been confirmed.',
    );
  }
  const card = intent.paymentMethod;
  if (!card) throw new AppError(409, 'not_a_card', 'Only a card can be saved here.');
  return deps.db.transaction(async (trx) => {
    await lockClient(trx, userId);
    return toView(await keepCard(trx, userId, deps.gateway.name, card));
  });
}

/**
 * Keeps a card the gateway saved on the client's customer, once per card (a second report of it
 * answers the row). It becomes the default when asked (the card that paid a membership) or when
 * the client has none; the old default goes first, so there is at most one. The caller holds the
 * client's row lock (lockClient) or the subscription's.
 */
export async function keepCard(
  trx: Knex.Transaction,
  userId: string,
  gateway: PaymentMethod['gateway'],
  card: GatewayCard,
  options: { asDefault?: boolean } = {},
): Promise<PaymentMethod> {
  const known = await PaymentMethod.query(trx).findOne({ gatewayPaymentMethodId: card.id });
  const current = await PaymentMethod.query(trx).findOne({ userId, isDefault: true });
  const asDefault = options.asDefault || !current;
  if (asDefault && current && current.id !== known?.id) {
    await current.$query(trx).patch({ isDefault: false });
  }
  if (known) return asDefault ? known.$query(trx).patchAndFetch({ isDefault: true }) : known;
  return PaymentMethod.query(trx).insertAndFetch({
    userId,
    gateway,
    gatewayPaymentMethodId: card.id,
    brand: card.brand,
    last4: card.last4,
    expMonth: card.expMonth,
    expYear: card.expYear,
    isDefault: asDefault,
  });
}

/** Makes one of the client's cards the one their visits are charged to. */
export function makeDefault(db: Knex, userId: string, id: string): Promise<PaymentMethodView> {
  return db.transaction(async (trx) => {
    await lockClient(trx, userId);
    const card = await PaymentMethod.query(trx).findOne({ id, userId });
    if (!card) throw cardNotFound();
    // The old default goes first: at most one default per client, checked row by row.
    await PaymentMethod.query(trx)
      .patch({ isDefault: false })
      .where({ userId, isDefault: true })
      .whereNot({ id });
    return toView(await card.$query(trx).patchAndFetch({ isDefault: true }));
  });
}

/** A member's renewals and visits are charged to a saved card: the last one stays. */
async function refuseLastMemberCard(db: Knex, userId: string): Promise<void> {
  const member = await Subscription.query(db)
    .where({ userId, cancelAtPeriodEnd: false })
    .whereIn('status', ['trialing', 'active', 'past_due'])
    .first();
  if (!member) return;
  if ((await PaymentMethod.query(db).where({ userId }).resultSize()) <= 1) {
    throw new AppError(
      409,
      'card_in_use',
      'Your membership is charged to this card. Add another card before removing it.',
    );
  }
}

/**
 * Removes a card: detached at the gateway first, so it can no longer be charged, then deleted
 * here. Removing the default makes the newest remaining card the default. Safe to repeat after a
 * failure in between (the gateway takes a second detach as done).
 */
export async function removePaymentMethod(
  deps: PaymentMethodDeps,
  userId: string,
  id: string,
): Promise<void> {
  const card = await PaymentMethod.query(deps.db).findOne({ id, userId });
  if (!card) throw cardNotFound();
  await refuseLastMemberCard(deps.db, userId);
  await deps.gateway.detachPaymentMethod(card.gatewayPaymentMethodId);
  await deps.db.transaction(async (trx) => {
    await lockClient(trx, userId);
    const [gone] = await PaymentMethod.query(trx).delete().where({ id, userId }).returning('*');
    if (!gone) throw cardNotFound();
    if (!gone.isDefault) return;
    const next = await PaymentMethod.query(trx).where({ userId }).modify('newestFirst').first();
    if (next) await next.$query(trx).patch({ isDefault: true });
  });
}
