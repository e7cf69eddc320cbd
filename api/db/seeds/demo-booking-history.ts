import { type PricingConfig, pricingConfigSchema } from '@twinclean/shared/pricing-config';
import { payoutFor } from '@twinclean/shared/provider-pay';
import type { ServiceType } from '@twinclean/shared/services';
import type { Knex } from 'knex';
import { seedId } from './demo-accounts';
import type { DemoBooking } from './demo-booking-builders';
import { demoBookings } from './demo-bookings';
import { demoClockIn, demoClockOut } from './demo-day';

// The demo bookings and what their lifecycles left behind: events, payments, payouts.

/** The pricing the demo prices are computed with (the seeded row, owner edits included). */
export async function pricing(trx: Knex.Transaction): Promise<PricingConfig> {
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
  const clockIn = demoClockIn(scheduledAt);
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
  const clockOut = demoClockOut(clockIn, hours);
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
        clockInAt: demoClockIn(scheduledAt),
      };
    case 'completed': {
      const clockInAt = demoClockIn(scheduledAt);
      const hours = (row.totalHours as number | null) ?? 2;
      return {
        createdAt,
        providerId: lifecycle.provider.id,
        assignedAt: createdAt,
        depositRequestedAt: (row.depositAmountCents as number) > 0 ? createdAt : null,
        amountPaidCents: row.totalAmountCents,
        clockInAt,
        clockOutAt: demoClockOut(clockInAt, hours),
      };
    }
  }
}

/** The demo bookings with their details, add-ons and lifecycle; existing ones are kept. */
export async function seedBookings(trx: Knex.Transaction, now: Date): Promise<void> {
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
