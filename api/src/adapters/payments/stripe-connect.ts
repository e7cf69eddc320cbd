import Stripe from 'stripe';
import {
  type ConnectAccount,
  type GatewayConnect,
  type GatewayTransfer,
  TransferRefusedError,
  WebhookSignatureError,
} from './gateway';
import { createdIn, PAGE, readList } from './stripe-lists';

// Stripe Connect Express (DECISIONS.md "Payouts", issue 33): Stripe onboards the provider (identity,
// tax details, bank) on its own pages; we keep the account's state from account.updated and pay
// each week with one Transfer from the platform's balance.

export type StripeConnect = GatewayConnect & {
  /** Where the provider goes to finish onboarding: a single-use, short-lived link. */
  createAccountLink(input: {
    accountId: string;
    refreshUrl: string;
    returnUrl: string;
  }): Promise<string>;
  /**
   * A Connect webhook delivery (its own endpoint and signing secret at Stripe): the account it
   * reports for account.updated, null for other types. Throws WebhookSignatureError when it is
   * not Stripe's, or when no Connect secret is configured.
   */
  verifyConnectWebhook(
    rawBody: Buffer,
    signature: string | undefined,
  ): { id: string; type: string; account: ConnectAccount | null; payload: unknown };
};

export function toConnectAccount(account: Stripe.Account): ConnectAccount {
  const requirements = account.requirements;
  const due = [...(requirements?.past_due ?? []), ...(requirements?.currently_due ?? [])];
  const bank = account.external_accounts?.data.find(
    (external) => external.object === 'bank_account',
  );
  return {
    id: account.id,
    detailsSubmitted: account.details_submitted ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
    requirementsDue: [...new Set(due)],
    disabledReason: requirements?.disabled_reason ?? null,
    bankLast4: bank?.last4 ?? null,
  };
}

const toTransfer = (transfer: Stripe.Transfer): GatewayTransfer => ({
  id: transfer.id,
  accountId:
    typeof transfer.destination === 'string'
      ? transfer.destination
      : (transfer.destination?.id ?? ''),
  amountCents: transfer.amount,
  transferGroup: transfer.transfer_group,
  metadata: { ...transfer.metadata },
  createdAt: new Date(transfer.created * 1000),
});

// Stripe answers an account the platform cannot see (none such, or disconnected) with a 403
// permission error, code account_invalid; an id of the wrong shape with resource_missing.
const unknownAccount = (error: unknown) =>
  error instanceof Stripe.errors.StripeError &&
  ['account_invalid', 'resource_missing'].includes(error.code ?? '');

/** A refusal Stripe made knowingly (it moved nothing): not enough balance, a disabled account… */
const refused = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError ||
  error instanceof Stripe.errors.StripePermissionError ||
  error instanceof Stripe.errors.StripeCardError;

export function stripeConnect(stripe: Stripe, connectWebhookSecret: string | null): StripeConnect {
  return {
    async createAccount({ providerId, email, idempotencyKey }) {
      const account = await stripe.accounts.create(
        {
          type: 'express',
          country: 'US',
          email,
          business_type: 'individual',
          capabilities: { transfers: { requested: true } },
          metadata: { providerId },
        },
        { idempotencyKey },
      );
      return toConnectAccount(account);
    },

    async retrieveAccount(id) {
      try {
        return toConnectAccount(await stripe.accounts.retrieve(id));
      } catch (error) {
        if (unknownAccount(error)) return null;
        throw error;
      }
    },

    async createAccountLink({ accountId, refreshUrl, returnUrl }) {
      const link = await stripe.accountLinks.create({
        account: accountId,
        refresh_url: refreshUrl,
        return_url: returnUrl,
        type: 'account_onboarding',
      });
      return link.url;
    },

    async createTransfer({
      accountId,
      amountCents,
      transferGroup,
      description,
      metadata,
      idempotencyKey,
    }) {
      try {
        const transfer = await stripe.transfers.create(
          {
            amount: amountCents,
            currency: 'usd',
            destination: accountId,
            transfer_group: transferGroup,
            description,
            metadata,
          },
          { idempotencyKey },
        );
        return toTransfer(transfer);
      } catch (error) {
        if (refused(error))
          throw new TransferRefusedError((error as Error).message, { cause: error });
        throw error;
      }
    },

    async findTransfer(transferGroup) {
      const page = await stripe.transfers.list({ transfer_group: transferGroup, limit: 1 });
      const newest = page.data[0];
      return newest ? toTransfer(newest) : null;
    },

    listTransfers: (period) =>
      readList(async () => {
        const found: GatewayTransfer[] = [];
        for await (const transfer of stripe.transfers.list({
          created: createdIn(period),
          limit: PAGE,
        })) {
          found.push(toTransfer(transfer));
        }
        return found;
      }),

    verifyConnectWebhook(rawBody, signature) {
      if (!connectWebhookSecret)
        throw new WebhookSignatureError('No Connect webhook secret is set.');
      if (!signature) throw new WebhookSignatureError('No Stripe-Signature header.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, connectWebhookSecret);
      } catch (error) {
        if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
          throw new WebhookSignatureError(error.message, { cause: error });
        }
        throw error;
      }
      const account =
        event.type === 'account.updated'
          ? toConnectAccount(event.data.object as Stripe.Account)
          : null;
      return { id: event.id, type: event.type, account, payload: event };
    },
  };
}
