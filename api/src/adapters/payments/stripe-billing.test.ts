import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeStandIn, startStripeStandIn } from '../../test/stripe-stand-in';
import type { StripeGateway } from './stripe-gateway';

// The Stripe adapter's Billing: memberships Stripe renews itself, through the real `stripe`
// package against the local stand-in, and the invoice and subscription webhooks it sends.

const SECRET_KEY = 'sk_test_stand_in';
const WEBHOOK_SECRET = 'whsec_stand_in';
const PRODUCT = 'twinclean_twinclean_standard_membership';

let standIn: StripeStandIn;
let gateway: StripeGateway;
const connect = () =>
  standIn.gateway({
    secretKey: SECRET_KEY,
    publishableKey: 'pk_test_stand_in',
    webhookSecret: WEBHOOK_SECRET,
  });
beforeAll(async () => {
  standIn = await startStripeStandIn(SECRET_KEY);
  gateway = connect();
});
afterAll(() => standIn.close());

const MASTERCARD = { brand: 'mastercard', last4: '4444', expMonth: 3, expYear: 2030 };
const DAY_MS = 86_400_000;

const newCustomer = () =>
  gateway.ensureCustomer({ id: randomUUID(), email: 'cora@example.com', name: 'Cora Tester' });

const subscribe = async (
  customerId?: string,
  idempotencyKey: string = randomUUID(),
  billing = gateway.billing,
) =>
  billing.createSubscription({
    customerId: customerId ?? (await newCustomer()),
    amountCents: 9_999,
    productName: 'TwinClean Standard membership',
    metadata: { subscriptionId: 's-1' },
    idempotencyKey,
  });

/** A membership whose month 1 the browser paid with the Mastercard, as the checkout does. */
async function paidMembership() {
  const created = await subscribe();
  const paymentMethodId = standIn.succeed(created.paymentIntentId, MASTERCARD);
  return { ...created, id: created.subscription.id, paymentMethodId };
}

const requestsTo = (method: string, path: string) =>
  standIn.requests.filter((made) => made.method === method && made.path === path);

const verified = (event: unknown) => {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  return gateway.verifyWebhook(Buffer.from(payload), signature);
};

describe('creating a membership at Stripe', () => {
  it('asks for a monthly incomplete subscription whose first invoice the browser pays', async () => {
    const customerId = await newCustomer();
    const key = randomUUID();
    const created = await subscribe(customerId, key);
    expect(standIn.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/v1/subscriptions',
      params: {
        customer: customerId,
        'items[0][price_data][currency]': 'usd',
        'items[0][price_data][product]': PRODUCT,
        'items[0][price_data][unit_amount]': '9999',
        'items[0][price_data][recurring][interval]': 'month',
        payment_behavior: 'default_incomplete',
        'payment_settings[payment_method_types][0]': 'card',
        'payment_settings[save_default_payment_method]': 'on_subscription',
        'metadata[subscriptionId]': 's-1',
        'expand[0]': 'latest_invoice.confirmation_secret',
        'expand[1]': 'latest_invoice.payments',
      },
      idempotencyKey: key,
    });
    expect(created).toEqual({
      subscription: {
        id: expect.stringMatching(/^sub_/),
        status: 'incomplete',
        cancelAtPeriodEnd: false,
        currentPeriodStart: expect.any(Date),
        currentPeriodEnd: expect.any(Date),
        ourId: 's-1',
      },
      paymentIntentId: expect.stringMatching(/^pi_/),
      clientSecret: expect.stringMatching(new RegExp(`^${created.paymentIntentId}_secret_`)),
    });
    expect(await gateway.retrieveIntent(created.paymentIntentId)).toMatchObject({
      status: 'requires_payment_method',
      amountCents: 9_999,
      paymentMethod: null,
    });
  });

  it('answers the same subscription for the same key, and refuses the key with other terms', async () => {
    const customerId = await newCustomer();
    const key = randomUUID();
    const first = await subscribe(customerId, key);
    expect(await subscribe(customerId, key)).toEqual(first);
    await expect(subscribe(await newCustomer(), key)).rejects.toMatchObject({
      status: 409,
      code: 'idempotency_key_reused',
    });
  });

  it('keeps one product per membership, made under its fixed id by whoever sells first', async () => {
    await subscribe();
    expect(requestsTo('POST', '/v1/products').map((made) => made.params)).toEqual([
      { id: PRODUCT, name: 'TwinClean Standard membership' },
    ]);
    // Another process (a restart) asks again, and Stripe says it exists: it is used as it is.
    const restarted = connect().billing;
    expect((await subscribe(undefined, randomUUID(), restarted)).subscription.status).toBe(
      'incomplete',
    );
    expect(requestsTo('POST', '/v1/products')).toHaveLength(2);
  });
});

describe('paying month 1', () => {
  it('activates the membership with its period, and saves the card that paid', async () => {
    const { id, paymentIntentId, paymentMethodId } = await paidMembership();
    const subscription = await gateway.billing.retrieveSubscription(id);
    expect(subscription).toMatchObject({ id, status: 'active', ourId: 's-1' });
    const { currentPeriodStart: start, currentPeriodEnd: end } = subscription ?? {};
    expect(Math.abs(Date.now() - Number(start))).toBeLessThan(60_000);
    expect((Number(end) - Number(start)) / DAY_MS).toBeGreaterThanOrEqual(28);
    expect((Number(end) - Number(start)) / DAY_MS).toBeLessThanOrEqual(31);

    expect(await gateway.retrieveIntent(paymentIntentId)).toMatchObject({
      status: 'succeeded',
      paymentMethod: { id: paymentMethodId, ...MASTERCARD },
    });
    // Stripe charges renewals to it (save_default_payment_method=on_subscription).
    expect(standIn.subscription(id).default_payment_method).toBe(paymentMethodId);

    const invoice = await gateway.billing.retrieveInvoice(String(standIn.latestInvoice(id).id));
    expect(invoice).toEqual({
      id: expect.stringMatching(/^in_/),
      subscriptionId: id,
      billingReason: 'subscription_create',
      amountCents: 9_999,
      paymentIntentId,
      periodStart: start,
      periodEnd: end,
      nextPaymentAttempt: null,
      failureMessage: null,
    });
  });

  it('leaves it incomplete when the card is declined, with why', async () => {
    const { subscription, paymentIntentId } = await subscribe();
    standIn.decline(paymentIntentId, '0002', 'Your card was declined.');
    const invoiceId = String(standIn.latestInvoice(subscription.id).id);
    expect(await gateway.billing.retrieveInvoice(invoiceId)).toMatchObject({
      paymentIntentId,
      amountCents: 9_999,
      failureMessage: 'Your card was declined.',
      nextPaymentAttempt: null,
    });
    expect(await gateway.billing.retrieveSubscription(subscription.id)).toMatchObject({
      status: 'incomplete',
    });
  });
});

describe('changing a membership', () => {
  it('sets and undoes the end at the period’s end', async () => {
    const { id } = await paidMembership();
    expect(await gateway.billing.setCancelAtPeriodEnd(id, true)).toMatchObject({
      id,
      status: 'active',
      cancelAtPeriodEnd: true,
    });
    expect(standIn.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/subscriptions/${id}`,
      params: { cancel_at_period_end: 'true' },
    });
    expect(await gateway.billing.setCancelAtPeriodEnd(id, false)).toMatchObject({
      cancelAtPeriodEnd: false,
    });
  });

  it('charges renewals to another card saved on the customer', async () => {
    const customerId = await newCustomer();
    const { subscription, paymentIntentId } = await subscribe(customerId);
    standIn.succeed(paymentIntentId, MASTERCARD);
    const setup = await gateway.createSetupIntent({ customerId, idempotencyKey: randomUUID() });
    const visa = standIn.confirmSetup(setup.id);
    await gateway.billing.setDefaultPaymentMethod(subscription.id, visa);
    expect(standIn.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/subscriptions/${subscription.id}`,
      params: { default_payment_method: visa },
    });
    expect(standIn.subscription(subscription.id).default_payment_method).toBe(visa);

    const renewal = standIn.renew(subscription.id);
    const paid = await gateway.billing.retrieveInvoice(String(renewal.id));
    const charge = standIn.charges().find((made) => made.payment_intent === paid?.paymentIntentId);
    expect(charge).toMatchObject({ payment_method: visa, paid: true });
  });

  it('ends it now, and twice is no error', async () => {
    const { id } = await paidMembership();
    const canceled = await gateway.billing.cancelSubscription(id);
    expect(canceled).toMatchObject({ id, status: 'canceled', ourId: 's-1' });
    expect(await gateway.billing.cancelSubscription(id)).toEqual(canceled);
    expect(await gateway.billing.retrieveSubscription(id)).toEqual(canceled);
    await expect(gateway.billing.cancelSubscription('sub_nobody')).rejects.toBeInstanceOf(
      Stripe.errors.StripeInvalidRequestError,
    );
  });

  it('answers null for a subscription or invoice Stripe does not know', async () => {
    expect(await gateway.billing.retrieveSubscription('sub_nobody')).toBeNull();
    expect(await gateway.billing.retrieveInvoice('in_nobody')).toBeNull();
  });
});

describe('renewals Stripe makes', () => {
  it('reads a paid renewal: the next month, paid by its own PaymentIntent', async () => {
    const { id, paymentIntentId, paymentMethodId } = await paidMembership();
    const before = await gateway.billing.retrieveSubscription(id);
    const renewal = standIn.renew(id);
    const invoice = await gateway.billing.retrieveInvoice(String(renewal.id));
    expect(standIn.requests.at(-1)?.params).toEqual({
      'expand[0]': 'payments',
      'expand[1]': 'payments.data.payment.payment_intent',
    });
    expect(invoice).toEqual({
      id: renewal.id,
      subscriptionId: id,
      billingReason: 'subscription_cycle',
      amountCents: 9_999,
      paymentIntentId: expect.stringMatching(/^pi_/),
      periodStart: before?.currentPeriodEnd,
      periodEnd: expect.any(Date),
      nextPaymentAttempt: null,
      failureMessage: null,
    });
    expect(invoice?.paymentIntentId).not.toBe(paymentIntentId);
    expect(await gateway.retrieveIntent(String(invoice?.paymentIntentId))).toMatchObject({
      status: 'succeeded',
      paymentMethod: { id: paymentMethodId },
    });
    const after = await gateway.billing.retrieveSubscription(id);
    expect(after).toMatchObject({ status: 'active', currentPeriodStart: before?.currentPeriodEnd });
    expect(after?.currentPeriodEnd).toEqual(invoice?.periodEnd);
  });

  it('reads a refused renewal: past due, why, and when Stripe tries again', async () => {
    const { id } = await paidMembership();
    const renewal = standIn.renew(id, { fail: true });
    const invoice = await gateway.billing.retrieveInvoice(String(renewal.id));
    expect(invoice).toMatchObject({
      billingReason: 'subscription_cycle',
      amountCents: 9_999,
      paymentIntentId: expect.stringMatching(/^pi_/),
      failureMessage: 'Your card was declined.',
      nextPaymentAttempt: expect.any(Date),
    });
    expect(Number(invoice?.nextPaymentAttempt)).toBeGreaterThan(Date.now() + DAY_MS);
    expect((await gateway.billing.retrieveSubscription(id))?.status).toBe('past_due');

    standIn.retryInvoice(String(renewal.id));
    expect(await gateway.billing.retrieveInvoice(String(renewal.id))).toMatchObject({
      failureMessage: null,
      nextPaymentAttempt: null,
    });
    expect((await gateway.billing.retrieveSubscription(id))?.status).toBe('active');
  });

  it('reads a membership Stripe ended after its last try as canceled', async () => {
    const { id } = await paidMembership();
    const renewal = standIn.renew(id, { fail: true });
    standIn.retryInvoice(String(renewal.id), { fail: true, last: true });
    expect(await gateway.billing.retrieveInvoice(String(renewal.id))).toMatchObject({
      nextPaymentAttempt: null,
      failureMessage: 'Your card was declined.',
    });
    expect((await gateway.billing.retrieveSubscription(id))?.status).toBe('canceled');
  });
});

describe('Billing webhooks', () => {
  it('reads the invoice of invoice.paid, without the payment a webhook leaves out', async () => {
    const { id } = await paidMembership();
    const renewal = standIn.renew(id);
    const event = standIn.eventOf('invoice.paid', renewal);
    expect(verified(event)).toEqual({
      id: event.id,
      type: 'invoice.paid',
      intent: null,
      invoice: {
        id: renewal.id,
        subscriptionId: id,
        billingReason: 'subscription_cycle',
        amountCents: 9_999,
        paymentIntentId: null,
        periodStart: expect.any(Date),
        periodEnd: expect.any(Date),
        nextPaymentAttempt: null,
        failureMessage: null,
      },
      subscription: null,
      payload: event,
    });
  });

  it('reads when Stripe tries again from invoice.payment_failed', async () => {
    const { id } = await paidMembership();
    const renewal = standIn.renew(id, { fail: true });
    const { invoice } = verified(standIn.eventOf('invoice.payment_failed', renewal));
    expect(invoice).toMatchObject({
      id: renewal.id,
      subscriptionId: id,
      amountCents: 9_999,
      nextPaymentAttempt: new Date(Number(renewal.next_payment_attempt) * 1000),
    });
  });

  it('reads the subscription of customer.subscription.deleted', async () => {
    const { id } = await paidMembership();
    await gateway.billing.cancelSubscription(id);
    const event = standIn.eventOf('customer.subscription.deleted', standIn.subscription(id));
    expect(verified(event)).toMatchObject({
      type: 'customer.subscription.deleted',
      intent: null,
      invoice: null,
      subscription: { id, status: 'canceled', ourId: 's-1' },
    });
  });
});
