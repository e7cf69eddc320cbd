import type { Knex } from 'knex';
import type { Config } from '../../config';
import { type LocalGateway, localGateway } from './local-gateway';
import { type StripeGateway, stripeGateway } from './stripe-gateway';

/** Narrow on `name`: the LocalGateway has the test-card form's calls, Stripe has webhooks. */
export type ConfiguredGateway = LocalGateway | StripeGateway;

type StripeConfig = Pick<
  Config,
  | 'STRIPE_SECRET_KEY'
  | 'STRIPE_PUBLISHABLE_KEY'
  | 'STRIPE_WEBHOOK_SECRET'
  | 'STRIPE_CONNECT_WEBHOOK_SECRET'
>;

/** ARCHITECTURE.md "Adapters": Stripe when STRIPE_SECRET_KEY is set, else the LocalGateway. */
export function createPaymentGateway(config: StripeConfig, db: Knex): ConfiguredGateway {
  const secretKey = config.STRIPE_SECRET_KEY;
  if (!secretKey) return localGateway(db);
  const publishableKey = config.STRIPE_PUBLISHABLE_KEY;
  const webhookSecret = config.STRIPE_WEBHOOK_SECRET;
  // loadConfig refuses a partial set; a config built some other way must not half-work.
  if (!publishableKey || !webhookSecret) {
    throw new Error('Stripe needs STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET too');
  }
  return stripeGateway({
    secretKey,
    publishableKey,
    webhookSecret,
    connectWebhookSecret: config.STRIPE_CONNECT_WEBHOOK_SECRET ?? null,
  });
}
