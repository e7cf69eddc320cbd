import type { GatewayName } from '@twinclean/shared/payments';

/** A payment intent's state, in Stripe's words (the LocalGateway uses the same). */
export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'succeeded'
  | 'canceled';

export type GatewayIntent = {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  amountCents: number;
  currency: string;
  /** What we attached at creation: bookingId, option, and so on. */
  metadata: Record<string, string>;
  cardLast4: string | null;
  /** The last failed attempt's message ("Your card was declined."), or null. */
  failureMessage: string | null;
  /** The card that paid, when the intent saved it on its customer (saveCard); else null. */
  paymentMethod: GatewayCard | null;
};

/** A card saved at the gateway, as the client's list shows it. */
export type GatewayCard = {
  id: string;
  /** The gateway's brand code: visa, mastercard, amex… */
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
};

/** A setup intent saves a card on a customer for later charges (Stripe's SetupIntent). */
export type GatewaySetupIntent = {
  id: string;
  clientSecret: string;
  status: IntentStatus;
  customerId: string | null;
  /** The card being set up; null until one is given, and when it is not a card. */
  paymentMethod: GatewayCard | null;
  /** The last failed attempt's message ("Your card was declined."), or null. */
  failureMessage: string | null;
};

export type GatewayRefund = { id: string; amountCents: number; status: 'succeeded' | 'pending' };

/** A span of time the gateway lists its records for: from included, to excluded. */
export type GatewayPeriod = { from: Date; to: Date };

/** A payment intent as the gateway's own list shows it, for reconciling our ledger. */
export type GatewayCharge = {
  id: string;
  status: IntentStatus;
  amountCents: number;
  metadata: Record<string, string>;
  createdAt: Date;
};

/** A refund as the gateway's own list shows it; failed and canceled ones moved no money. */
export type GatewayRefundRecord = {
  id: string;
  paymentIntentId: string;
  amountCents: number;
  status: 'succeeded' | 'pending' | 'failed' | 'canceled';
  createdAt: Date;
};

/** A membership the gateway renews itself (Stripe Billing's Subscription), in our words. */
export type GatewaySubscription = {
  id: string;
  /** Stripe's status; incomplete_expired, unpaid and paused read as canceled here. */
  status: 'incomplete' | 'trialing' | 'active' | 'past_due' | 'canceled';
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  /** Our subscription's id, from the metadata we attached at creation. */
  ourId: string | null;
};

/** A membership invoice, as a webhook reports it (paid or failed). */
export type GatewayInvoice = {
  id: string;
  subscriptionId: string | null;
  /** subscription_create (month 1), subscription_cycle (a renewal), or another reason. */
  billingReason: string | null;
  amountCents: number;
  /** The PaymentIntent that paid (or tried to pay) it; null when none is linked. */
  paymentIntentId: string | null;
  periodStart: Date | null;
  periodEnd: Date | null;
  /** When Stripe will try a failed invoice again; null after the last try. */
  nextPaymentAttempt: Date | null;
  failureMessage: string | null;
};

/** A verified webhook delivery: its id (for idempotency), type, and what it is about. */
export type GatewayEvent = {
  id: string;
  type: string;
  intent: GatewayIntent | null;
  invoice: GatewayInvoice | null;
  subscription: GatewaySubscription | null;
  payload: unknown;
};

/**
 * Stripe Billing (DECISIONS.md "Subscriptions": Stripe Subscriptions with Stripe). Absent on the
 * LocalGateway, whose memberships our own pg-boss job renews.
 */
export interface GatewayBilling {
  /**
   * An incomplete subscription for `amountCents` a month on the customer, whose first invoice's
   * PaymentIntent the browser confirms; the card that pays becomes the subscription's default.
   */
  createSubscription(input: {
    customerId: string;
    amountCents: number;
    /** The membership's name on invoices: "TwinClean Standard membership". */
    productName: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<{ subscription: GatewaySubscription; paymentIntentId: string; clientSecret: string }>;
  /** Null when the gateway does not know the id. */
  retrieveSubscription(id: string): Promise<GatewaySubscription | null>;
  /** Ends it now; an already canceled one is left alone. */
  cancelSubscription(id: string): Promise<GatewaySubscription>;
  /** Ends it at the period's end (or undoes that). */
  setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<GatewaySubscription>;
  /** The saved card its renewals are charged to. */
  setDefaultPaymentMethod(id: string, paymentMethodId: string): Promise<void>;
  /** An invoice with its payment read in full (a webhook's copy may lack it); null if unknown. */
  retrieveInvoice(id: string): Promise<GatewayInvoice | null>;
}

/** A provider's payout account at the gateway (a Stripe Connect Express account). */
export type ConnectAccount = {
  id: string;
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
  /** Requirement codes still due (Stripe's requirements.currently_due + past_due). */
  requirementsDue: string[];
  /** Why the gateway disabled it (Stripe's requirements.disabled_reason), or null. */
  disabledReason: string | null;
  /** The bank account's last four, when the gateway shows it. */
  bankLast4: string | null;
};

/** Money sent to a payout account (Stripe's Transfer). */
export type GatewayTransfer = {
  id: string;
  accountId: string;
  amountCents: number;
  /** Ours: "payout-week:{providerId}:{weekStart}", one per provider and week. */
  transferGroup: string | null;
  metadata: Record<string, string>;
  createdAt: Date;
};

/** The gateway refused a transfer (it moved no money); its message says why, to show an admin. */
export class TransferRefusedError extends Error {}

/**
 * Payouts to providers (DECISIONS.md "Payouts"): Stripe Connect, or the LocalGateway's test-mode
 * accounts. createTransfer throws TransferRefusedError when the gateway refuses; any other error
 * leaves the outcome unknown, so a caller looks the transfer up by its group before trying again.
 */
export interface GatewayConnect {
  /** An account for the provider; the same idempotency key answers the same account. */
  createAccount(input: {
    providerId: string;
    email: string;
    idempotencyKey: string;
  }): Promise<ConnectAccount>;
  /** Null when the gateway does not know the id. */
  retrieveAccount(id: string): Promise<ConnectAccount | null>;
  createTransfer(input: {
    accountId: string;
    amountCents: number;
    transferGroup: string;
    description: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<GatewayTransfer>;
  /** The transfer made in this group, if any (the newest when several). */
  findTransfer(transferGroup: string): Promise<GatewayTransfer | null>;
  /** Every transfer the gateway made in the period, for reconciling our ledger. */
  listTransfers(period: GatewayPeriod): Promise<GatewayTransfer[]>;
}

/**
 * An outside payment processor (ARCHITECTURE.md "Adapters"): Stripe when configured, else the
 * LocalGateway, a test-mode processor in our own database. The server asks the gateway what was
 * paid; it never trusts the browser's word.
 */
export interface PaymentGateway {
  readonly name: GatewayName;
  /** For the browser's Stripe Elements; null for the LocalGateway. */
  readonly publishableKey: string | null;
  /** The same idempotency key answers the same intent (Stripe's Idempotency-Key). */
  createIntent(input: {
    amountCents: number;
    description: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
    /** The customer the card is saved on when saveCard (Stripe's setup_future_usage). */
    customerId?: string;
    saveCard?: boolean;
  }): Promise<GatewayIntent>;
  /**
   * Charges a saved card while the client is away (a renewal, a member's visit, a fee): the
   * intent comes back succeeded, or refused with the gateway's failureMessage (a card that asks
   * for authentication is refused too: nobody is there to give it). Never throws for a decline.
   * The same idempotency key answers the same charge.
   */
  chargeSavedCard(input: {
    customerId: string;
    paymentMethodId: string;
    amountCents: number;
    description: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<GatewayIntent>;
  /** Null when the gateway does not know the id. */
  retrieveIntent(id: string): Promise<GatewayIntent | null>;
  /** Cancels an intent nobody has paid; a paid or unknown one is left alone. */
  cancelIntent(id: string): Promise<void>;
  /** Refunds part or all of a succeeded intent; the same idempotency key refunds once. */
  refund(input: {
    paymentIntentId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<GatewayRefund>;
  /** Every payment intent the gateway created in the period, whatever became of it. */
  listCharges(period: GatewayPeriod): Promise<GatewayCharge[]>;
  /** Every refund the gateway created in the period. */
  listRefunds(period: GatewayPeriod): Promise<GatewayRefundRecord[]>;
  /** Null when the gateway does not know the id. */
  retrieveRefund(id: string): Promise<GatewayRefundRecord | null>;
  /**
   * The gateway's customer for one of our users, whom saved cards belong to. Asked only when the
   * caller has none stored for the user; asked again (two tabs at once), it answers the same one.
   */
  ensureCustomer(user: { id: string; email: string; name: string }): Promise<string>;
  /** A setup intent that saves a card on the customer for charges made without them. */
  createSetupIntent(input: {
    customerId: string;
    idempotencyKey: string;
  }): Promise<GatewaySetupIntent>;
  /** Null when the gateway does not know the id. */
  retrieveSetupIntent(id: string): Promise<GatewaySetupIntent | null>;
  /** The card can no longer be charged; an unknown or already detached one is left alone. */
  detachPaymentMethod(id: string): Promise<void>;
  /** Payout accounts and transfers to providers. */
  readonly connect: GatewayConnect;
  /** Present with Stripe: memberships renew at the gateway. */
  readonly billing?: GatewayBilling;
  /**
   * Checks a webhook delivery's signature and reads it; throws WebhookSignatureError when it is
   * not the gateway's. The LocalGateway has no webhooks (it reports payments directly).
   */
  verifyWebhook?(rawBody: Buffer, signature: string | undefined): GatewayEvent;
}

export class WebhookSignatureError extends Error {}

/** Told by a gateway when an intent succeeds or fails outside a request for it. */
export type PaymentListener = (intent: GatewayIntent) => Promise<void>;
