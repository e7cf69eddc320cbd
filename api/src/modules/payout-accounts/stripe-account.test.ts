import { payoutAccountViewSchema } from '@twinclean/shared/payout-accounts';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser } from '../../test/people';
import { payoutAccountForm } from '../../test/route-samples-payout-accounts';
import { snapshot } from '../../test/route-world';
import { type JsonCall, signedInJson } from '../../test/sign-in';
import { type StripeStandIn, startStripeStandIn } from '../../test/stripe-stand-in';
import { NEW_ACCOUNT_DUE } from '../../test/stripe-stand-in-connect';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';
import { MORE_DETAILS } from './account-state';

// The payout account with Stripe (issue 33), through the real Stripe adapter against the
// stand-in: Express onboarding, the account's state read back from Stripe, and the Connect
// webhook that keeps it.

const SECRET_KEY = 'sk_test_payout_accounts';
const CONNECT_SECRET = 'whsec_connect_stand_in';
const SITE = 'https://twinclean.test';
let standIn: StripeStandIn;

// Before the server's own beforeAll, which builds the app on this gateway.
beforeAll(async () => {
  standIn = await startStripeStandIn(SECRET_KEY);
});
afterAll(() => standIn.close());
const db = useTestDatabase();
const api = useTestServer(db, () => ({
  trustProxy: true,
  siteUrl: SITE,
  payments: standIn.gateway({ secretKey: SECRET_KEY }),
}));

type Provider = { id: string; email: string; call: JsonCall };
const newProvider = async (): Promise<Provider> => {
  const user = await newUser(db.knex, 'provider');
  return { ...user, call: await signedInJson(api.url, user.email) };
};

const onboard = async (provider: Provider) => {
  const answer = await provider.call('POST', '/api/provider/payout-account/onboarding');
  expect(answer.status, JSON.stringify(answer.json)).toBe(200);
  return answer.json.url as string;
};
const accountOf = (providerId: string) => db.knex('payoutAccounts').where({ providerId }).first();

const deliver = (event: unknown, options: { secret?: string; signature?: string } = {}) => {
  const payload = JSON.stringify(event);
  const signature =
    options.signature ??
    Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? CONNECT_SECRET });
  return fetch(`${api.url}/api/payments/connect-webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
    body: payload,
  });
};

describe('onboarding with Stripe', () => {
  it('shows no account before the provider connects one', async () => {
    const provider = await newProvider();
    const answer = await provider.call('GET', '/api/provider/payout-account');
    expect(payoutAccountViewSchema.parse(answer.json)).toEqual({
      gateway: 'stripe',
      state: 'none',
      missing: [],
      disabledReason: null,
      bankLast4: null,
      taxDetails: null,
    });
  });

  it('creates one Express account for two clicks and answers a link to its onboarding', async () => {
    const provider = await newProvider();
    const first = await onboard(provider);
    const row = await accountOf(provider.id);
    expect(row).toMatchObject({
      gateway: 'stripe',
      accountId: expect.stringMatching(/^acct_/),
      detailsSubmitted: false,
      payoutsEnabled: false,
      requirementsDue: NEW_ACCOUNT_DUE,
    });
    expect(first).toMatch(new RegExp(`^https://connect\\.stripe\\.test/setup/e/${row.accountId}/`));

    const second = await onboard(provider);
    expect(second).not.toBe(first);
    expect(second).toContain(row.accountId);
    expect((await accountOf(provider.id)).accountId).toBe(row.accountId);
    const creates = standIn.requests.filter(
      (r) => r.path === '/v1/accounts' && r.params['metadata[providerId]'] === provider.id,
    );
    expect(creates).toHaveLength(1);
    expect(creates[0]).toMatchObject({
      idempotencyKey: `connect-account:${provider.id}`,
      params: { type: 'express', email: provider.email },
    });
    const links = standIn.requests.filter(
      (r) => r.path === '/v1/account_links' && r.params.account === row.accountId,
    );
    expect(links).toHaveLength(2);
    expect(links[0]?.params).toMatchObject({
      type: 'account_onboarding',
      refresh_url: `${SITE}/provider/payouts/account?refresh=1`,
      return_url: `${SITE}/provider/payouts/account?return=1`,
    });
  });

  it('makes one account of two clicks at once', async () => {
    const provider = await newProvider();
    const urls = await Promise.all([onboard(provider), onboard(provider)]);
    const row = await accountOf(provider.id);
    for (const url of urls) expect(url).toContain(`/${row.accountId}/`);
    expect(await db.knex('payoutAccounts').where({ providerId: provider.id })).toHaveLength(1);
  });

  it('reads the account back from Stripe until it is enabled', async () => {
    const provider = await newProvider();
    await onboard(provider);
    const { accountId } = await accountOf(provider.id);

    const unfinished = await provider.call('GET', '/api/provider/payout-account');
    expect(unfinished.json).toMatchObject({
      state: 'incomplete',
      missing: [
        'Your bank account',
        'Your Social Security number',
        'Your date of birth',
        'Your home address',
        "Accepting Stripe's terms",
        MORE_DETAILS,
      ],
      disabledReason: null,
    });

    standIn.connect.submitDetails(accountId);
    const checking = await provider.call('GET', '/api/provider/payout-account');
    // Stripe checks the ID it was given: nothing is asked of the provider meanwhile.
    expect(checking.json).toMatchObject({ state: 'review', missing: [], disabledReason: null });

    standIn.connect.completeOnboarding(accountId);
    const done = await provider.call('GET', '/api/provider/payout-account');
    expect(done.json).toEqual({
      gateway: 'stripe',
      state: 'enabled',
      missing: [],
      disabledReason: null,
      bankLast4: '6789',
      taxDetails: null,
    });
    expect(await accountOf(provider.id)).toMatchObject({
      detailsSubmitted: true,
      payoutsEnabled: true,
      requirementsDue: [],
      disabledReason: null,
      bankLast4: '6789',
    });
    // Enabled, the stored state stands (the webhook reports any change): Stripe is not asked.
    const asked = standIn.requests.length;
    expect((await provider.call('GET', '/api/provider/payout-account')).json).toEqual(done.json);
    expect(standIn.requests.length).toBe(asked);
  });

  it('answers the stored state while Stripe is unreachable', async () => {
    const provider = await newProvider();
    await onboard(provider);
    standIn.setOutage((method, path) => method === 'GET' && path.startsWith('/v1/accounts/'));
    try {
      const answer = await provider.call('GET', '/api/provider/payout-account');
      expect(answer.status).toBe(200);
      expect(answer.json.state).toBe('incomplete');
    } finally {
      standIn.setOutage(null);
    }
  });

  it('has no test-mode form: PUT answers 404 and saves nothing', async () => {
    const provider = await newProvider();
    const before = await snapshot(db.knex);
    const answer = await provider.call('PUT', '/api/provider/payout-account', payoutAccountForm());
    expect(answer).toEqual({
      status: 404,
      json: {
        code: 'not_found',
        message: 'Stripe collects your payout details: use Connect with Stripe.',
      },
    });
    expect(await snapshot(db.knex)).toBe(before);
  });
});

describe('the Connect webhook', () => {
  it('keeps the account as account.updated reports it, once per event', async () => {
    const provider = await newProvider();
    await onboard(provider);
    const { accountId } = await accountOf(provider.id);
    standIn.connect.completeOnboarding(accountId);
    const event = standIn.connect.accountEvent(accountId);

    const answer = await deliver(event);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ received: true });
    expect(await accountOf(provider.id)).toMatchObject({ payoutsEnabled: true, bankLast4: '6789' });
    const [stored] = await db.knex('gatewayEvents').where({ id: event.id });
    expect(stored).toMatchObject({ gateway: 'stripe', type: 'account.updated' });
    expect(stored.processedAt).toBeInstanceOf(Date);

    // The same event again: acknowledged, nothing written, Stripe not asked.
    const before = await snapshot(db.knex);
    const asked = standIn.requests.length;
    expect((await deliver(event)).status).toBe(200);
    expect(await snapshot(db.knex)).toBe(before);
    expect(standIn.requests.length).toBe(asked);

    // Stripe later refuses the account: the next event says so, and the provider sees why.
    standIn.connect.disableAccount(accountId, 'rejected.fraud');
    expect((await deliver(standIn.connect.accountEvent(accountId))).status).toBe(200);
    expect(await accountOf(provider.id)).toMatchObject({
      payoutsEnabled: false,
      disabledReason: 'rejected.fraud',
    });
    const view = await provider.call('GET', '/api/provider/payout-account');
    expect(view.json).toMatchObject({
      state: 'disabled',
      disabledReason: 'Stripe rejected the account on suspicion of fraud',
    });
  });

  it('refuses a delivery Stripe did not sign, and stores nothing', async () => {
    const provider = await newProvider();
    await onboard(provider);
    const { accountId } = await accountOf(provider.id);
    standIn.connect.completeOnboarding(accountId);
    const event = standIn.connect.accountEvent(accountId);
    const before = await snapshot(db.knex);
    for (const answer of [
      await deliver(event, { secret: 'whsec_someone_else' }),
      await deliver(event, { signature: 'not a signature' }),
      await fetch(`${api.url}/api/payments/connect-webhook`, { method: 'POST', body: '{}' }),
    ]) {
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({
        code: 'bad_signature',
        message: 'The webhook signature does not match.',
      });
    }
    expect(await snapshot(db.knex)).toBe(before);
    expect((await accountOf(provider.id)).payoutsEnabled).toBe(false);
  });

  it('refuses a signed body that is no event with a 400, and stores nothing', async () => {
    const before = await snapshot(db.knex);
    const signedRaw = (payload: string) =>
      fetch(`${api.url}/api/payments/connect-webhook`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({
            payload,
            secret: CONNECT_SECRET,
          }),
        },
        body: payload,
      });
    for (const payload of [
      '{not json',
      '{}',
      '[1,2]',
      JSON.stringify({ id: 'evt_1', type: 'account.updated' }),
      JSON.stringify({ id: '', type: 'account.updated', data: { object: { id: 'acct_1' } } }),
    ]) {
      const answer = await signedRaw(payload);
      expect(answer.status, payload).toBe(400);
      expect(((await answer.json()) as { code: string }).code, payload).toBe('invalid_event');
    }
    expect(await snapshot(db.knex)).toBe(before);
  });

  it('acknowledges events about accounts it does not know, and other event types', async () => {
    const stranger = await standIn.gateway({ secretKey: SECRET_KEY }).connect.createAccount({
      providerId: 'someone-else',
      email: 'else@example.com',
      idempotencyKey: 'someone-else',
    });
    const before = await snapshot(db.knex, { except: ['gateway_events'] });
    expect((await deliver(standIn.connect.accountEvent(stranger.id))).status).toBe(200);
    const other = standIn.eventOf('capability.updated', { id: 'transfers', account: stranger.id });
    expect((await deliver(other)).status).toBe(200);
    expect(await snapshot(db.knex, { except: ['gateway_events'] })).toBe(before);
    expect(await db.knex('gatewayEvents').where({ id: other.id })).toHaveLength(1);
  });
});
