import { addMonths, planCents, planSchema } from '@twinclean/shared/subscriptions';
import type { Knex } from 'knex';
import { hashPassword } from '../../src/modules/auth/passwords';
import { DEMO_PASSWORD, demoAccounts, seedId } from './demo-accounts';
import { pricing, seedBookings } from './demo-booking-history';
import { demoAddOns } from './demo-catalog';
import { seedRatings } from './demo-ratings';
import { seedReferrals } from './demo-referrals';

// Every insert is keyed by a fixed id and skips rows that exist, so seeding twice changes nothing.

async function seedAccounts(trx: Knex.Transaction): Promise<void> {
  const accounts = Object.values(demoAccounts);
  const hashes = await Promise.all(accounts.map(() => hashPassword(DEMO_PASSWORD)));
  await trx('users')
    .insert(
      accounts.map(({ note: _note, ...account }, i) => ({
        ...account,
        passwordHash: hashes[i],
        emailVerifiedAt: new Date(),
      })),
    )
    .onConflict('email')
    .ignore();
  const { provider, provider2, standard, senior } = demoAccounts;
  await trx('providerProfiles')
    .insert([
      {
        userId: provider.id,
        bio: 'Eight years of home cleaning in South Minneapolis.',
        homeZipCode: '55409',
      },
      {
        userId: provider2.id,
        bio: 'Detail-minded, pet-friendly, loves a before-and-after.',
        homeZipCode: '55104',
      },
    ])
    .onConflict('userId')
    .ignore();
  const slot = (
    n: number,
    providerId: string,
    dayOfWeek: number,
    startTime: string,
    endTime: string,
  ) => ({
    id: seedId(900 + n),
    providerId,
    dayOfWeek,
    startTime,
    endTime,
  });
  await trx('availabilitySlots')
    .insert([
      ...[1, 2, 3, 4, 5].map((day) => slot(day, provider.id, day, '08:00', '17:00')),
      slot(12, provider2.id, 2, '09:00', '15:00'),
      slot(14, provider2.id, 4, '09:00', '15:00'),
      slot(16, provider2.id, 6, '09:00', '15:00'),
      slot(17, provider2.id, 0, '12:00', '16:00'),
    ])
    .onConflict('id')
    .ignore();
  await seedMemberships(trx, [standard, senior]);
}

/**
 * The demo members: paid two months (one more before the minimum term ends), renewing in about
 * two weeks, each with a saved LocalGateway test card that their visits and renewals are charged
 * to.
 */
async function seedMemberships(
  trx: Knex.Transaction,
  members: (typeof demoAccounts)[keyof typeof demoAccounts][],
): Promise<void> {
  const config = await pricing(trx);
  const anchor = addMonths(new Date(), -2);
  anchor.setUTCDate(anchor.getUTCDate() + 15);
  for (const [i, user] of members.entries()) {
    const plan = planSchema.parse(user.subscriptionType);
    const customerId = `cus_local_${user.id}`;
    const card = `pm_local_seed_${i + 1}`;
    await trx('users').where({ id: user.id }).update({ gatewayCustomerId: customerId });
    await trx('localGatewayPaymentMethods')
      .insert({ id: card, customerId, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 })
      .onConflict('id')
      .ignore();
    await trx('paymentMethods')
      .insert({
        id: seedId(810 + i),
        userId: user.id,
        gateway: 'local',
        gatewayPaymentMethodId: card,
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: 2034,
        isDefault: true,
      })
      .onConflict('id')
      .ignore();
    await trx('subscriptions')
      .insert({
        id: seedId(800 + i),
        userId: user.id,
        plan,
        status: 'active',
        gateway: 'local',
        priceCents: planCents(plan, config),
        billingAnchorAt: anchor,
        paidMonths: 2,
        currentPeriodStart: addMonths(anchor, 1),
        currentPeriodEnd: addMonths(anchor, 2),
        nextChargeAt: addMonths(anchor, 2),
        minimumTermEndsAt: addMonths(anchor, config.subscriptionMinimumMonths),
        seniorDeclaredAt: plan === 'senior' ? anchor : null,
      })
      .onConflict('id')
      .ignore();
  }
}

async function seedLeads(trx: Knex.Transaction): Promise<void> {
  await trx('providerApplications')
    .insert({
      id: seedId(600),
      firstName: 'Lucia',
      lastName: 'Moreno',
      email: 'lucia.moreno@example.net',
      phone: '612-555-0177',
      experience: 'Four years with a commercial cleaning crew in Bloomington.',
      availability: 'Weekdays, 8am to 3pm',
      whyJoin: 'I want to set my own schedule and keep my tips.',
    })
    .onConflict('id')
    .ignore();
  await trx('newsletterSubscribers')
    .insert([{ email: 'tips.fan@example.net' }, { email: 'grace.vang@example.net' }])
    .onConflict('email')
    .ignore();
  await trx('contactForms')
    .insert({
      id: seedId(610),
      name: 'Rebecca Thorne',
      email: 'rthorne@example.net',
      phone: '651-555-0110',
      subject: 'Move-out cleaning',
      message: 'Do you do move-out cleanings in Roseville? The apartment is two bedrooms.',
    })
    .onConflict('id')
    .ignore();
  await trx('marketingContacts')
    .insert({
      email: 'emily.carlson@example.net',
      firstName: 'Emily',
      lastName: 'Carlson',
      source: 'booking',
      tags: ['house'],
      consent: true,
    })
    .onConflict('email')
    .ignore();
}

/** A welcome code to try at checkout: $20 off a first booking, once per client. */
async function seedPromotions(trx: Knex.Transaction): Promise<void> {
  await trx('discountCodes')
    .insert({
      id: seedId(700),
      code: 'WELCOME20',
      kind: 'fixed',
      amountOffCents: 2000,
      firstBookingOnly: true,
      maxUsesPerClient: 1,
    })
    .onConflict('code')
    .ignore();
}

/** Demo data for every role and booking state. Safe to run again: nothing is duplicated. */
export async function seedDemoData(knex: Knex, now: Date = new Date()): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx('addOns').insert(demoAddOns).onConflict('id').ignore();
    await seedAccounts(trx);
    await seedBookings(trx, now);
    await seedLeads(trx);
    await seedRatings(trx, now);
    await seedPromotions(trx);
    await seedReferrals(trx);
  });
}
