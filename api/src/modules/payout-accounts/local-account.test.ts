import { Writable } from 'node:stream';
import {
  LOCAL_UNKNOWN_BANK_ACCOUNT_MESSAGE,
  PAYOUT_ACCOUNT_SAVED_MESSAGE,
  payoutAccountSavedSchema,
  payoutAccountViewSchema,
  TEST_BANK_ACCOUNTS,
} from '@twinclean/shared/payout-accounts';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataCipher } from '../../security/data-cipher';
import { newUser } from '../../test/people';
import { payoutAccountForm } from '../../test/route-samples-payout-accounts';
import { snapshot } from '../../test/route-world';
import { type JsonCall, signedInJson } from '../../test/sign-in';
import { useTestDatabase } from '../../test/test-database';
import { useTestServer } from '../../test/test-server';

// The payout account with the LocalGateway (issue 33): the test-mode form saves a test bank
// account and the tax details, the TIN sealed and only ever shown by its last four.

const logged: string[] = [];
const logSink = new Writable({
  write(chunk, _encoding, done) {
    logged.push(String(chunk));
    done();
  },
});

const db = useTestDatabase();
const api = useTestServer(db, () => ({
  trustProxy: true,
  // Everything the app logs, to show the TIN is never in it.
  logger: pino({ level: 'trace' }, logSink),
}));

const TIN = '123-45-6789';
const TIN_DIGITS = '123456789';

let provider: { id: string; email: string };
let call: JsonCall;
beforeAll(async () => {
  provider = await newUser(db.knex, 'provider');
  call = await signedInJson(api.url, provider.email);
});

const rowsOf = async (providerId: string) => ({
  account: await db.knex('payoutAccounts').where({ providerId }).first(),
  tax: await db.knex('providerTaxDetails').where({ providerId }).first(),
});

describe('the payout account with the LocalGateway', () => {
  it('is not connected before the form is saved', async () => {
    const answer = await call('GET', '/api/provider/payout-account');
    expect(answer.status).toBe(200);
    expect(payoutAccountViewSchema.parse(answer.json)).toEqual({
      gateway: 'local',
      state: 'none',
      missing: [],
      disabledReason: null,
      bankLast4: null,
      taxDetails: null,
    });
  });

  it('refuses a bank account not on the test list by its field, and saves nothing', async () => {
    const before = await snapshot(db.knex);
    const unknown = await call(
      'PUT',
      '/api/provider/payout-account',
      payoutAccountForm({ accountNumber: '000999999999' }),
    );
    expect(unknown.status).toBe(422);
    expect(unknown.json).toMatchObject({
      code: 'unknown_test_bank_account',
      message: LOCAL_UNKNOWN_BANK_ACCOUNT_MESSAGE,
      details: { fields: { accountNumber: LOCAL_UNKNOWN_BANK_ACCOUNT_MESSAGE } },
    });
    expect(unknown.json.details.fields.routingNumber).toBeUndefined();

    const wrongRouting = await call(
      'PUT',
      '/api/provider/payout-account',
      payoutAccountForm({ routingNumber: '021000021' }),
    );
    expect(wrongRouting.status).toBe(422);
    expect(wrongRouting.json.details.fields).toEqual({
      accountNumber: LOCAL_UNKNOWN_BANK_ACCOUNT_MESSAGE,
      routingNumber: LOCAL_UNKNOWN_BANK_ACCOUNT_MESSAGE,
    });
    expect(await snapshot(db.knex)).toBe(before);
    expect(await rowsOf(provider.id)).toEqual({ account: undefined, tax: undefined });
  });

  it('refuses fields that are not valid with clear messages, naming each field', async () => {
    const before = await snapshot(db.knex);
    const answer = await call(
      'PUT',
      '/api/provider/payout-account',
      payoutAccountForm({ tin: '12-345', state: 'Minnesota', legalName: ' ', routingNumber: '1' }),
    );
    expect(answer.status).toBe(400);
    expect(answer.json.code).toBe('validation_error');
    const byField = Object.fromEntries(
      (answer.json.issues as { path: string[]; message: string }[]).map((i) => [
        i.path[0],
        i.message,
      ]),
    );
    expect(byField).toMatchObject({
      tin: 'Enter the 9 digits of your SSN or EIN',
      state: 'State must be 2 capital letters, like MN',
      routingNumber: 'Routing number must be 9 digits',
    });
    expect(byField.legalName).toMatch(/Legal name/);
    expect(answer.json.message).toMatch(/^\w+: /);
    expect(await snapshot(db.knex)).toBe(before);
  });

  it('saves a test bank account: enabled, the bank by its last four, the TIN masked', async () => {
    const answer = await call(
      'PUT',
      '/api/provider/payout-account',
      payoutAccountForm({ tin: TIN }),
    );
    expect(answer.status).toBe(200);
    const saved = payoutAccountSavedSchema.parse(answer.json);
    expect(saved).toEqual({
      message: PAYOUT_ACCOUNT_SAVED_MESSAGE,
      account: {
        gateway: 'local',
        state: 'enabled',
        missing: [],
        disabledReason: null,
        bankLast4: '6789',
        taxDetails: {
          legalName: 'Pia Tester',
          addressLine1: '100 Hennepin Ave',
          addressLine2: 'Apt 4',
          city: 'Minneapolis',
          state: 'MN',
          zip: '55401',
          tinKind: 'ssn',
          tinMasked: '•••-••-6789',
        },
      },
    });
    const text = JSON.stringify(answer.json);
    expect(text).not.toContain(TIN_DIGITS);
    expect(text).not.toContain(TIN);

    const { account, tax } = await rowsOf(provider.id);
    expect(account).toMatchObject({
      gateway: 'local',
      accountId: expect.stringMatching(/^lacct_/),
      detailsSubmitted: true,
      payoutsEnabled: true,
      requirementsDue: [],
      bankLast4: '6789',
    });
    // At rest only sealed: the stored text holds no digits of it, and opens to all nine.
    expect(tax.tinLast4).toBe('6789');
    expect(JSON.stringify(tax)).not.toContain(TIN_DIGITS);
    expect(JSON.stringify(tax)).not.toContain(TIN);
    expect((await dataCipher(db.knex)).open(tax.tinSealed)).toBe(TIN_DIGITS);
    const gatewayAccount = await db
      .knex('localGatewayAccounts')
      .where({ id: account.accountId })
      .first();
    expect(gatewayAccount).toMatchObject({ providerId: provider.id, outcome: 'succeeds' });

    const [entry] = await db
      .knex('auditLog')
      .where({ action: 'payout_account.saved', entityId: provider.id });
    expect(entry).toMatchObject({ actorId: provider.id, entity: 'payout_account', before: null });
    expect(entry.after).toMatchObject({ accountId: account.accountId, bankLast4: '6789' });
    expect(JSON.stringify(entry)).not.toContain(TIN_DIGITS);

    const read = await call('GET', '/api/provider/payout-account');
    expect(read.json).toEqual(saved.account);
  });

  it('saves again over the first: the new bank and tax details, one account all along', async () => {
    const first = await rowsOf(provider.id);
    const answer = await call(
      'PUT',
      '/api/provider/payout-account',
      payoutAccountForm({
        legalName: 'Pia Tester LLC',
        addressLine2: '',
        tinKind: 'ein',
        tin: '98-7654321',
        accountNumber: TEST_BANK_ACCOUNTS.transfersFail,
      }),
    );
    expect(answer.status).toBe(200);
    expect(answer.json.account).toMatchObject({
      state: 'enabled',
      bankLast4: '1116',
      taxDetails: {
        legalName: 'Pia Tester LLC',
        addressLine2: null,
        tinKind: 'ein',
        tinMasked: '••-•••4321',
      },
    });
    const now = await rowsOf(provider.id);
    expect(now.account.accountId).toBe(first.account.accountId);
    expect(now.account.createdAt).toEqual(first.account.createdAt);
    expect((await dataCipher(db.knex)).open(now.tax.tinSealed)).toBe('987654321');
    expect(await db.knex('localGatewayAccounts').where({ providerId: provider.id })).toHaveLength(
      1,
    );
    const entries = await db
      .knex('auditLog')
      .where({ action: 'payout_account.saved', entityId: provider.id })
      .orderBy('createdAt');
    expect(entries).toHaveLength(2);
    expect(entries[1].before).toMatchObject({ bankLast4: '6789' });
    expect(entries[1].after).toMatchObject({ bankLast4: '1116', tinKind: 'ein' });
  });

  it('has no Stripe onboarding and no Connect webhook: 404 with what to do instead', async () => {
    const onboarding = await call('POST', '/api/provider/payout-account/onboarding');
    expect(onboarding).toEqual({
      status: 404,
      json: {
        code: 'not_found',
        message: 'Use the payout account form: this site takes test bank accounts only.',
      },
    });
    const webhook = await fetch(`${api.url}/api/payments/connect-webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': 't=1,v1=0' },
      body: '{}',
    });
    expect(webhook.status).toBe(404);
  });

  it('keeps the TIN out of every log line', () => {
    expect(logged.length).toBeGreaterThan(0);
    for (const line of logged) {
      expect(line).not.toContain(TIN_DIGITS);
      expect(line).not.toContain('987654321');
    }
  });
});
