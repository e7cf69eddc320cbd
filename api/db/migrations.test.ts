import { defaultPricingConfig, pricingConfigSchema } from '@twinclean/shared/pricing-config';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../src/test/test-database';

const db = useTestDatabase({ empty: true });

async function tables(): Promise<string[]> {
  const { rows } = await db.knex.raw<{ rows: { tablename: string }[] }>(
    "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
  );
  return rows.map((r) => r.tablename).filter((t) => !t.startsWith('knex_migrations'));
}

const domainTables = [
  'add_ons',
  'app_secrets',
  'auction_posts',
  'audit_log',
  'availability_slots',
  'booking_add_ons',
  'booking_day_tallies',
  'booking_series',
  'booking_tallies',
  'bookings',
  'carpet_cleaning_details',
  'checklist_ticks',
  'checklist_versions',
  'contact_form_replies',
  'contact_forms',
  'credit_entries',
  'day_moves',
  'discount_codes',
  'discount_redemptions',
  'dry_cleaning_items',
  'email_codes',
  'gateway_events',
  'gift_card_redemptions',
  'gift_cards',
  'homes',
  'house_cleaning_details',
  'job_alerts_sent',
  'laundry_details',
  'local_gateway_accounts',
  'local_gateway_intents',
  'local_gateway_payment_methods',
  'local_gateway_refunds',
  'local_gateway_setup_intents',
  'local_gateway_transfers',
  'marketing_contacts',
  'newsletter_deliveries',
  'newsletter_subscribers',
  'newsletters',
  'outbound_emails',
  'outbound_texts',
  'payment_links',
  'payment_methods',
  'payments',
  'payout_accounts',
  'payout_transfer_lines',
  'payout_transfers',
  'payouts',
  'photos',
  'pricing_config',
  'pricing_versions',
  'provider_applications',
  'provider_events',
  'provider_profiles',
  'provider_tax_details',
  'push_subscriptions',
  'rate_limits',
  'ratings',
  'referral_links',
  'referrals',
  'refunds',
  'revenue_tallies',
  'series_events',
  'served_zips',
  'sessions',
  'sms_opt_outs',
  'subscriptions',
  'users',
  'visit_moves',
  'waitlist_entries',
];

describe('migrations', () => {
  it('go up, down to zero and up again cleanly', async () => {
    await db.knex.migrate.latest();
    expect(await tables()).toEqual(domainTables);
    const [, pending] = (await db.knex.migrate.list()) as [unknown[], unknown[]];
    expect(pending).toEqual([]);

    await db.knex.migrate.rollback(undefined, true);
    expect(await tables()).toEqual([]);

    await db.knex.migrate.latest();
    expect(await tables()).toEqual(domainTables);
  });

  it('seed the pricing defaults of DECISIONS.md', async () => {
    const config = await db.knex('pricingConfig').first();
    expect(pricingConfigSchema.parse(config)).toEqual(defaultPricingConfig);
    await expect(db.knex('pricingConfig').insert({ ...config, id: 2 })).rejects.toThrow(
      /pricing_config_singleton/,
    );
  });
});
