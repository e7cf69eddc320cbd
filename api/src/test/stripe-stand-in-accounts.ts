import { randomBytes } from 'node:crypto';
import {
  type Answer,
  eventOf,
  fail,
  invalid,
  type Json,
  metadataOf,
  newId,
  now,
} from './stripe-stand-in-answers';

// Stripe Connect Express accounts in the Stripe stand-in (issue 33): created by the platform,
// onboarded on Stripe's pages (a test says how it went), read back, and their onboarding links.

/** What Stripe asks of a new US Express account before it can be paid out. */
export const NEW_ACCOUNT_DUE = [
  'business_profile.mcc',
  'business_profile.url',
  'external_account',
  'individual.address.city',
  'individual.address.line1',
  'individual.address.postal_code',
  'individual.address.state',
  'individual.dob.day',
  'individual.dob.month',
  'individual.dob.year',
  'individual.email',
  'individual.first_name',
  'individual.last_name',
  'individual.phone',
  'individual.ssn_last_4',
  'tos_acceptance.date',
  'tos_acceptance.ip',
];

/** The bank account onboarding attaches (Stripe's test routing and account numbers). */
export const STAND_IN_BANK = { routingNumber: '110000000', last4: '6789' };

export type StandInAccount = {
  id: string;
  type: string;
  country: string;
  email: string | null;
  businessType: string | null;
  metadata: Record<string, string>;
  requested: string[];
  created: number;
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
  currentlyDue: string[];
  pendingVerification: string[];
  disabledReason: string | null;
  bankId: string | null;
};

const isUrl = (value: string | undefined) => {
  try {
    return value !== undefined && Boolean(new URL(value));
  } catch {
    return false;
  }
};

export function accountsStandIn() {
  const accounts = new Map<string, StandInAccount>();

  const accountJson = (account: StandInAccount): Json => {
    const { id, bankId } = account;
    const active = account.payoutsEnabled ? 'active' : 'inactive';
    const bank = bankId && {
      id: bankId,
      object: 'bank_account',
      account: id,
      bank_name: 'STRIPE TEST BANK',
      country: 'US',
      currency: 'usd',
      default_for_currency: true,
      last4: STAND_IN_BANK.last4,
      routing_number: STAND_IN_BANK.routingNumber,
      status: 'new',
    };
    return {
      id,
      object: 'account',
      business_type: account.businessType,
      capabilities: Object.fromEntries(account.requested.map((name) => [name, active])),
      charges_enabled: account.payoutsEnabled,
      country: account.country,
      created: account.created,
      default_currency: 'usd',
      details_submitted: account.detailsSubmitted,
      email: account.email,
      external_accounts: {
        object: 'list',
        data: bank ? [bank] : [],
        has_more: false,
        total_count: bank ? 1 : 0,
        url: `/v1/accounts/${id}/external_accounts`,
      },
      metadata: account.metadata,
      payouts_enabled: account.payoutsEnabled,
      requirements: {
        alternatives: [],
        current_deadline: null,
        currently_due: account.currentlyDue,
        disabled_reason: account.disabledReason,
        errors: [],
        eventually_due: account.currentlyDue,
        past_due: account.detailsSubmitted ? [] : account.currentlyDue,
        pending_verification: account.pendingVerification,
      },
      tos_acceptance: { date: account.detailsSubmitted ? account.created : null },
      type: account.type,
    };
  };

  // Stripe answers an id the platform has no access to with a permission error (403).
  const noAccess = (id: string) =>
    fail(403, {
      type: 'invalid_request_error',
      code: 'account_invalid',
      message: `The provided key 'sk_test_*********' does not have access to account '${id}' (or that account does not exist). Application access may have been revoked.`,
    });

  function createAccount(params: Record<string, string>): Answer {
    const type = params.type;
    if (!type) return invalid('You must provide `type` or `controller` to create an account.');
    if (!['express', 'standard', 'custom'].includes(type)) {
      return invalid(`Invalid type: must be one of custom, express, or standard`, 'type');
    }
    const requested = Object.entries(params).flatMap(([key, value]) => {
      const name = /^capabilities\[(\w+)\]\[requested\]$/.exec(key)?.[1];
      return name && value === 'true' ? [name] : [];
    });
    if (type === 'express' && requested.length === 0) {
      return invalid(
        'You must request at least one capability (card_payments or transfers) for an Express account.',
        'capabilities',
      );
    }
    const account: StandInAccount = {
      id: `acct_${randomBytes(8).toString('hex').toUpperCase()}`,
      type,
      country: params.country ?? 'US',
      email: params.email ?? null,
      businessType: params.business_type ?? null,
      metadata: metadataOf(params),
      requested,
      created: now(),
      detailsSubmitted: false,
      payoutsEnabled: false,
      currentlyDue: [...NEW_ACCOUNT_DUE],
      pendingVerification: [],
      disabledReason: 'requirements.past_due',
      bankId: null,
    };
    accounts.set(account.id, account);
    return { status: 200, body: accountJson(account) };
  }

  function createAccountLink(params: Record<string, string>): Answer {
    const id = params.account ?? '';
    if (!id) return invalid('Missing required param: account.', 'account');
    if (!accounts.has(id)) return noAccess(id);
    if (!['account_onboarding', 'account_update'].includes(params.type ?? '')) {
      return invalid('Invalid type: must be one of account_onboarding or account_update', 'type');
    }
    for (const param of ['refresh_url', 'return_url']) {
      if (!isUrl(params[param])) return invalid(`Not a valid URL`, param);
    }
    const created = now();
    return {
      status: 200,
      body: {
        object: 'account_link',
        created,
        expires_at: created + 300,
        url: `https://connect.stripe.test/setup/e/${id}/${randomBytes(9).toString('hex')}`,
      },
    };
  }

  function route(method: string, path: string, params: Record<string, string>): Answer | null {
    if (method === 'POST' && path === '/v1/accounts') return createAccount(params);
    if (method === 'POST' && path === '/v1/account_links') return createAccountLink(params);
    const id = /^\/v1\/accounts\/([^/]+)$/.exec(path)?.[1];
    if (!id || method !== 'GET') return null;
    const account = accounts.get(id);
    return account ? { status: 200, body: accountJson(account) } : noAccess(id);
  }

  const accountFor = (id: string) => {
    const account = accounts.get(id);
    if (!account) throw new Error(`The stand-in has no account ${id}`);
    return account;
  };

  return {
    route,
    /** The account by id, for the transfers to judge their destination. */
    get: (id: string): StandInAccount | undefined => accounts.get(id),
    /** The provider finished Stripe's onboarding: details in, bank attached, payouts enabled. */
    completeOnboarding(accountId: string): Json {
      const account = accountFor(accountId);
      Object.assign(account, {
        detailsSubmitted: true,
        payoutsEnabled: true,
        currentlyDue: [],
        pendingVerification: [],
        disabledReason: null,
        bankId: account.bankId ?? newId('ba'),
      });
      return accountJson(account);
    },
    /** The provider submitted everything and Stripe is verifying it: not yet paid out. */
    submitDetails(accountId: string): Json {
      const account = accountFor(accountId);
      Object.assign(account, {
        detailsSubmitted: true,
        payoutsEnabled: false,
        currentlyDue: [],
        pendingVerification: ['individual.verification.document'],
        disabledReason: 'requirements.pending_verification',
        bankId: account.bankId ?? newId('ba'),
      });
      return accountJson(account);
    },
    /** Stripe stopped paying the account out (reason: 'rejected.fraud', 'requirements.past_due'…). */
    disableAccount(accountId: string, reason: string, due: string[] = []): Json {
      const account = accountFor(accountId);
      Object.assign(account, { payoutsEnabled: false, disabledReason: reason, currentlyDue: due });
      return accountJson(account);
    },
    /** The account's JSON as Stripe shows it now. */
    account: (accountId: string): Json => accountJson(accountFor(accountId)),
    /** An account.updated event about the account as it is now, for a test to sign. */
    accountEvent(accountId: string): Json {
      // A connected account's events name it at the top, as Connect endpoints receive them.
      return {
        ...eventOf('account.updated', accountJson(accountFor(accountId))),
        account: accountId,
      };
    },
  };
}
