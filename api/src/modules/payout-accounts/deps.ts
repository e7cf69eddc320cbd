import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { ConfiguredGateway } from '../../adapters/payments/create-gateway';

/** What the payout account routes work with: the gateway narrowed by name (Stripe or local). */
export type PayoutAccountDeps = {
  db: Knex;
  gateway: ConfiguredGateway;
  logger: Logger;
  /** The site's address, where Stripe sends the provider back after onboarding. */
  siteUrl: string;
};

/** The Connect idempotency key: one account per provider, however often they click. */
export const connectAccountKey = (providerId: string) => `connect-account:${providerId}`;
