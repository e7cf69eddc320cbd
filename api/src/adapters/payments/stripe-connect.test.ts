import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeStandIn, startStripeStandIn } from '../../test/stripe-stand-in';
import { NEW_ACCOUNT_DUE } from '../../test/stripe-stand-in-connect';
import { WebhookSignatureError } from './gateway';
import type { StripeConnect } from './stripe-connect';

// The Stripe Connect adapter through the real `stripe` package against the stand-in: Express
// accounts, onboarding links, transfers and the Connect webhook.

const SECRET_KEY = 'sk_test_stand_in';
const CONNECT_SECRET = 'whsec_connect_stand_in';

let standIn: StripeStandIn;
let connect: StripeConnect;
beforeAll(async () => {
  standIn = await startStripeStandIn(SECRET_KEY);
  connect = standIn.gateway({ secretKey: SECRET_KEY }).connect;
});
afterAll(() => standIn.close());

const newAccount = (providerId: string = randomUUID(), idempotencyKey: string = randomUUID()) =>
  connect.createAccount({ providerId, email: 'pat@example.test', idempotencyKey });

const enabledAccount = async () => {
  const account = await newAccount();
  standIn.connect.completeOnboarding(account.id);
  return account.id;
};

const transfer = (
  accountId: string,
  options: { amountCents?: number; group?: string; key?: string } = {},
) =>
  connect.createTransfer({
    accountId,
    amountCents: options.amountCents ?? 12_345,
    transferGroup: options.group ?? `payout-week:${randomUUID()}:2026-11-23`,
    description: 'TwinClean pay, week of 2026-11-23',
    metadata: { transferId: 't-1', providerId: 'p-1', weekStart: '2026-11-23' },
    idempotencyKey: options.key ?? randomUUID(),
  });

const signed = (event: unknown, secret = CONNECT_SECRET) => {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { body: Buffer.from(payload), signature };
};

describe('Stripe Connect accounts', () => {
  it('creates a US Express account able to receive transfers, once per idempotency key', async () => {
    const providerId = randomUUID();
    const key = `connect-account:${providerId}`;
    const account = await newAccount(providerId, key);

    expect(account).toEqual({
      id: expect.stringMatching(/^acct_/),
      detailsSubmitted: false,
      payoutsEnabled: false,
      requirementsDue: NEW_ACCOUNT_DUE,
      disabledReason: 'requirements.past_due',
      bankLast4: null,
    });
    expect(account.requirementsDue).toEqual(
      expect.arrayContaining(['external_account', 'individual.ssn_last_4', 'tos_acceptance.date']),
    );
    expect(standIn.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/v1/accounts',
      params: {
        type: 'express',
        country: 'US',
        email: 'pat@example.test',
        business_type: 'individual',
        'capabilities[transfers][requested]': 'true',
        'metadata[providerId]': providerId,
      },
      idempotencyKey: key,
    });

    const again = await newAccount(providerId, key);
    expect(again.id).toBe(account.id);
  });

  it('reads an account as onboarding leaves it: verifying, enabled with its bank, disabled', async () => {
    const { id } = await newAccount();

    standIn.connect.submitDetails(id);
    expect(await connect.retrieveAccount(id)).toEqual({
      id,
      detailsSubmitted: true,
      payoutsEnabled: false,
      requirementsDue: [],
      disabledReason: 'requirements.pending_verification',
      bankLast4: '6789',
    });

    standIn.connect.completeOnboarding(id);
    expect(await connect.retrieveAccount(id)).toEqual({
      id,
      detailsSubmitted: true,
      payoutsEnabled: true,
      requirementsDue: [],
      disabledReason: null,
      bankLast4: '6789',
    });

    standIn.connect.disableAccount(id, 'requirements.past_due', ['individual.id_number']);
    expect(await connect.retrieveAccount(id)).toMatchObject({
      payoutsEnabled: false,
      disabledReason: 'requirements.past_due',
      requirementsDue: ['individual.id_number'],
    });
  });

  it('answers null for an account Stripe does not know', async () => {
    expect(await connect.retrieveAccount('acct_NOSUCHACCOUNT00')).toBeNull();
  });

  it('makes an onboarding link that comes back to our refresh and return pages', async () => {
    const { id } = await newAccount();
    const refreshUrl = 'https://twinclean.test/provider/payouts/account?refresh=1';
    const returnUrl = 'https://twinclean.test/provider/payouts/account?return=1';

    const url = await connect.createAccountLink({ accountId: id, refreshUrl, returnUrl });

    expect(url).toMatch(new RegExp(`^https://connect\\.stripe\\.test/setup/e/${id}/\\w+$`));
    expect(standIn.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/account_links',
      params: {
        account: id,
        refresh_url: refreshUrl,
        return_url: returnUrl,
        type: 'account_onboarding',
      },
    });
  });
});

describe('the Stripe Connect webhook', () => {
  it('reads the account an account.updated event reports, when Stripe signed it', async () => {
    const { id } = await newAccount();
    standIn.connect.completeOnboarding(id);
    const event = standIn.connect.accountEvent(id);
    const { body, signature } = signed(event);

    expect(connect.verifyConnectWebhook(body, signature)).toEqual({
      id: event.id,
      type: 'account.updated',
      account: {
        id,
        detailsSubmitted: true,
        payoutsEnabled: true,
        requirementsDue: [],
        disabledReason: null,
        bankLast4: '6789',
      },
      payload: event,
    });
  });

  it('refuses a delivery signed with another secret, or not signed', async () => {
    const { id } = await newAccount();
    const event = standIn.connect.accountEvent(id);
    const other = signed(event, 'whsec_stand_in');
    expect(() => connect.verifyConnectWebhook(other.body, other.signature)).toThrow(
      WebhookSignatureError,
    );
    expect(() => connect.verifyConnectWebhook(other.body, undefined)).toThrow(
      WebhookSignatureError,
    );
  });

  it('refuses every delivery when no Connect secret is set up', async () => {
    const { id } = await newAccount();
    const { body, signature } = signed(standIn.connect.accountEvent(id));
    const unset = standIn.gateway({ secretKey: SECRET_KEY, connectWebhookSecret: null }).connect;
    expect(() => unset.verifyConnectWebhook(body, signature)).toThrow(WebhookSignatureError);
  });

  it('reads another event type with no account', async () => {
    const accountId = await enabledAccount();
    const made = await transfer(accountId);
    const event = standIn.eventOf('transfer.created', {
      ...standIn.connect.transfers().find((t) => t.id === made.id),
    });
    const { body, signature } = signed(event);
    expect(connect.verifyConnectWebhook(body, signature)).toMatchObject({
      id: event.id,
      type: 'transfer.created',
      account: null,
    });
  });
});
