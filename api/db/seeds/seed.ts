import { type PricingConfig, pricingConfigSchema } from '@twinclean/shared/pricing';
import { payoutFor } from '@twinclean/shared/provider-pay';
import type { ServiceType } from '@twinclean/shared/services';
import { addMonths, planCents, planSchema } from '@twinclean/shared/subscriptions';
import type { Knex } from 'knex';
import { hashPassword } from '../../src/modules/auth/passwords';
import { DEMO_PASSWORD, demoAccounts, seedId } from './demo-accounts';
import { type DemoBooking, demoBookings } from './demo-bookings';
import { demoAddOns } from './demo-catalog';
import { seedRatings } from './demo-ratings';

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

async function pricing(trx: Knex.Transaction): Promise<PricingConfig> {
  return pricingConfigSchema.parse(await trx('pricingConfig').first().where({ id: 1 }));
}

/** Turns a booking's lifecycle into the stored facts: events, payments, payout. */
async function seedLifecycle(
  trx: Knex.Transaction,
  booking: DemoBooking,
  n: number,
): Promise<void> {
  const { lifecycle, row } = booking;
  const scheduledAt = row.scheduledAt as Date;
  const total = row.totalAmountCents as number;
  const depositCents = row.depositAmountCents as number;
  const payment = (kind: 'deposit' | 'balance' | 'full', amountCents: number) => ({
    id: seedId(5000 + n * 10 + ['deposit', 'balance', 'full'].indexOf(kind)),
    userId: row.clientId,
    bookingId: booking.id,
    gateway: 'local',
    gatewayPaymentId: `pi_local_seed_${n}_${kind}`,
    kind,
    amountCents,
    status: 'succeeded',
  });
  if (lifecycle.state === 'assigned' && lifecycle.paidCents === 'deposit') {
    await insertPayments(trx, [payment('deposit', depositCents)]);
  }
  if (lifecycle.state !== 'in_progress' && lifecycle.state !== 'completed') return;
  const minute = 60_000;
  const clockIn = new Date(scheduledAt.getTime() + 4 * minute);
  const event = (
    type: 'clock_in' | 'clock_out',
    occurredAt: Date,
    seq: number,
    waitPayCents?: number,
  ) => ({
    clientEventId: seedId(7000 + n * 10 + seq),
    providerId: lifecycle.provider.id,
    bookingId: booking.id,
    type,
    deviceSeq: seq,
    occurredAt,
    receivedAt: occurredAt,
    clockOffsetMs: 0,
    latitude: (row.latitude as number) + 0.0004,
    longitude: (row.longitude as number) - 0.0003,
    accuracyM: 18,
    positionAt: occurredAt,
    distanceM: 48,
    geofenceVerified: true,
    waitPayCents: waitPayCents ?? null,
    responseStatus: 200,
    responseBody: JSON.stringify({ ok: true }),
  });
  const [inEvent] = await trx('providerEvents')
    .insert(event('clock_in', clockIn, 1))
    .onConflict('clientEventId')
    .ignore()
    .returning('id');
  if (lifecycle.state !== 'completed') return;
  const hours = (row.totalHours as number | null) ?? 2;
  const clockOut = new Date(clockIn.getTime() + (hours * 60 - 7) * minute);
  const [outEvent] = await trx('providerEvents')
    .insert(event('clock_out', clockOut, 2, lifecycle.waitPayCents))
    .onConflict('clientEventId')
    .ignore()
    .returning('id');
  const config = await pricing(trx);
  const pay = payoutFor({
    serviceType: row.serviceType as ServiceType,
    clockIn,
    clockOut,
    bookedHours: hours,
    totalAmountCents: total,
    terms: config,
    waitPayCents: lifecycle.waitPayCents,
    maxWaitPayCents: config.maxWaitPayCents,
  });
  await trx('payouts')
    .insert({
      providerId: lifecycle.provider.id,
      bookingId: booking.id,
      clockInEventId: inEvent?.id ?? null,
      clockOutEventId: outEvent?.id ?? null,
      ...pay,
      geofenceVerified: true,
      status: lifecycle.payoutPaid ? 'paid' : 'pending',
      // Earned at clock-out; paid up to two days later, never in the future.
      createdAt: clockOut,
      paidAt: lifecycle.payoutPaid
        ? new Date(Math.min(clockOut.getTime() + 2 * 24 * 3600_000, Date.now()))
        : null,
    })
    .onConflict('bookingId')
    .ignore();
  const payments =
    depositCents > 0
      ? [payment('deposit', depositCents), payment('balance', total - depositCents)]
      : [payment('full', total)];
  await insertPayments(trx, payments);
}

/**
 * The demo's card payments, each with the LocalGateway intent that took it, so an owner can
 * refund a demo payment as they would a real one.
 */
async function insertPayments(
  trx: Knex.Transaction,
  payments: { gatewayPaymentId: string; amountCents: number }[],
): Promise<void> {
  await trx('payments').insert(payments).onConflict('id').ignore();
  await trx('localGatewayIntents')
    .insert(
      payments.map((p) => ({
        id: p.gatewayPaymentId,
        clientSecret: `${p.gatewayPaymentId}_secret_demo`,
        amountCents: p.amountCents,
        status: 'succeeded',
        cardLast4: '4242',
      })),
    )
    .onConflict('id')
    .ignore();
}

function lifecycleFacts(booking: DemoBooking, now: Date): Record<string, unknown> {
  const { lifecycle, row } = booking;
  const scheduledAt = row.scheduledAt as Date;
  const createdAt = new Date(Math.min(now.getTime(), scheduledAt.getTime()) - 3 * 24 * 3600_000);
  const minute = 60_000;
  switch (lifecycle.state) {
    case 'open':
      return { createdAt };
    case 'canceled':
      return {
        createdAt,
        canceledAt: new Date(createdAt.getTime() + 86_400_000),
        canceledBy: row.clientId,
        cancellationReason: lifecycle.reason,
        cancellationFeeCents: 0,
      };
    case 'assigned':
      return {
        createdAt,
        providerId: lifecycle.provider.id,
        assignedAt: new Date(createdAt.getTime() + 3 * 3600_000),
        depositRequestedAt: lifecycle.depositRequested
          ? new Date(createdAt.getTime() + 4 * 3600_000)
          : null,
        amountPaidCents: lifecycle.paidCents === 'deposit' ? row.depositAmountCents : 0,
      };
    case 'in_progress':
      return {
        createdAt,
        providerId: lifecycle.provider.id,
        assignedAt: createdAt,
        clockInAt: new Date(scheduledAt.getTime() + 4 * minute),
      };
    case 'completed': {
      const clockInAt = new Date(scheduledAt.getTime() + 4 * minute);
      const hours = (row.totalHours as number | null) ?? 2;
      return {
        createdAt,
        providerId: lifecycle.provider.id,
        assignedAt: createdAt,
        depositRequestedAt: (row.depositAmountCents as number) > 0 ? createdAt : null,
        amountPaidCents: row.totalAmountCents,
        clockInAt,
        clockOutAt: new Date(clockInAt.getTime() + (hours * 60 - 7) * minute),
      };
    }
  }
}

async function seedBookings(trx: Knex.Transaction, now: Date): Promise<void> {
  const bookings = demoBookings(now, await pricing(trx));
  for (const [index, booking] of bookings.entries()) {
    const inserted = await trx('bookings')
      .insert({ ...booking.row, ...lifecycleFacts(booking, now) })
      .onConflict('id')
      .ignore()
      .returning('id');
    // An existing booking keeps its history; only new ones get details and events.
    if (inserted.length === 0) continue;
    if (booking.house) await trx('houseCleaningDetails').insert(booking.house);
    if (booking.carpet) await trx('carpetCleaningDetails').insert(booking.carpet);
    if (booking.laundry) await trx('laundryDetails').insert(booking.laundry);
    if (booking.dryCleaningItems?.length) {
      await trx('dryCleaningItems').insert(
        booking.dryCleaningItems.map((item) => ({ ...item, bookingId: booking.id })),
      );
    }
    if (booking.addOns?.length) {
      await trx('bookingAddOns').insert(
        booking.addOns.map((a) => ({ ...a, bookingId: booking.id })),
      );
    }
    await seedLifecycle(trx, booking, 100 + index);
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

/** Demo data for every role and booking state. Safe to run again: nothing is duplicated. */
export async function seedDemoData(knex: Knex, now: Date = new Date()): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx('addOns').insert(demoAddOns).onConflict('id').ignore();
    await seedAccounts(trx);
    await seedBookings(trx, now);
    await seedLeads(trx);
    await seedRatings(trx, now);
  });
}
