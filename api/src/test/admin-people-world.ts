import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { bookingRow } from './fixtures';
import { newUser } from './people';

// The admin Clients and Providers lists' test world: people chosen so every search, sort and
// filter has something to find and something to leave out, with figures that tell them apart.

const DAY = 86_400_000;
const ago = (days: number, now: Date) => new Date(now.getTime() - days * DAY);

async function booking(db: Knex, start: Date, fields: Record<string, unknown>) {
  const [row] = await db('bookings').insert(bookingRow(start, fields)).returning('id');
  return row.id as string;
}

async function payment(db: Knex, fields: Record<string, unknown>) {
  const [row] = await db('payments')
    .insert({ gateway: 'local', gatewayPaymentId: `pi_${randomUUID()}`, ...fields })
    .returning('id');
  return row.id as string;
}

/** Clients Ada, Grace (deactivated), Alan (a member) and Pat; their bookings and payments. */
async function clients(db: Knex, now: Date) {
  const ada = await newUser(db, 'client', {
    firstName: 'Ada',
    lastName: 'Lovelace',
    phone: '(612) 555-0199',
    createdAt: ago(30, now),
  });
  const grace = await newUser(db, 'client', {
    firstName: 'Grace',
    lastName: 'Hopper',
    deactivatedAt: ago(1, now),
    createdAt: ago(20, now),
  });
  const alan = await newUser(db, 'client', {
    firstName: 'Alan',
    lastName: 'Turing',
    subscriptionType: 'standard',
    createdAt: ago(10, now),
  });
  const pat = await newUser(db, 'client', {
    firstName: 'Pat',
    lastName: 'Percent_Sign',
    createdAt: ago(5, now),
  });
  const mine = (user: { id: string }) => ({ clientId: user.id, clientFirstName: 'Someone' });
  const adaOld = await booking(db, ago(40, now), { ...mine(ada), amountPaidCents: 9000 });
  const adaNext = await booking(db, new Date(now.getTime() + 3 * DAY), mine(ada));
  await booking(db, ago(2, now), mine(grace));
  const paid = await payment(db, {
    userId: ada.id,
    bookingId: adaOld,
    kind: 'full',
    amountCents: 9000,
    refundedCents: 2000,
    status: 'succeeded',
    cardLast4: '4242',
  });
  await db('refunds').insert({
    paymentId: paid,
    gatewayRefundId: `re_${randomUUID()}`,
    key: randomUUID(),
    amountCents: 2000,
    reason: 'Goodwill',
  });
  await payment(db, {
    userId: ada.id,
    bookingId: adaNext,
    kind: 'deposit',
    amountCents: 3600,
    status: 'failed',
  });
  const [membership] = await db('subscriptions')
    .insert({
      userId: alan.id,
      plan: 'standard',
      status: 'active',
      gateway: 'local',
      priceCents: 9999,
      minimumTermEndsAt: new Date(now.getTime() + 60 * DAY),
      billingAnchorAt: ago(30, now),
      paidMonths: 2,
      currentPeriodStart: ago(5, now),
      currentPeriodEnd: new Date(now.getTime() + 25 * DAY),
    })
    .returning('id');
  await payment(db, {
    userId: alan.id,
    subscriptionId: membership.id,
    kind: 'subscription',
    amountCents: 9999,
    status: 'succeeded',
  });
  return { ada, grace, alan, pat, adaOld, adaNext, paid, membership: membership.id as string };
}

/** A finished job of the provider's `days` ago and its payout. */
async function paidJob(db: Knex, providerId: string, days: number, hours: number, now: Date) {
  const start = ago(days, now);
  const bookingId = await booking(db, start, {
    providerId,
    assignedAt: start,
    clockInAt: start,
    clockOutAt: new Date(start.getTime() + hours * 3_600_000),
  });
  const [payout] = await db('payouts')
    .insert({
      providerId,
      bookingId,
      hoursWorked: hours,
      hoursPaid: hours,
      hourlyRateCents: 2500,
      baseAmountCents: hours * 2500,
      totalAmountCents: hours * 2500,
      geofenceVerified: true,
      createdAt: start,
    })
    .returning('id');
  return payout.id as string;
}

/** Providers Zoe (busy), Abe (one old job) and Pia (deactivated), and their work. */
async function providers(db: Knex, now: Date) {
  const zoe = await newUser(db, 'provider', {
    firstName: 'Zoe',
    lastName: 'Quill',
    phone: '612-555-0142',
  });
  const abe = await newUser(db, 'provider', { firstName: 'Abe', lastName: 'Stone' });
  const pia = await newUser(db, 'provider', {
    firstName: 'Pia',
    lastName: 'Tester',
    deactivatedAt: ago(3, now),
  });
  await db('providerProfiles').insert({ userId: zoe.id, bio: 'Tidy' });
  const payouts = [
    await paidJob(db, zoe.id, 2, 3, now),
    await paidJob(db, zoe.id, 20, 2, now),
    await paidJob(db, abe.id, 45, 4, now),
  ];
  // Zoe's two visits were rated 5 and 4: a rating of 4.5 over 2 rated jobs.
  const zoeJobs = await db('payouts').whereIn('id', payouts.slice(0, 2)).select('bookingId');
  await db('ratings').insert(
    zoeJobs.map(({ bookingId }: { bookingId: string }, i: number) => ({
      bookingId,
      providerId: zoe.id,
      stars: 5 - i,
    })),
  );
  await db('availabilitySlots').insert([
    { providerId: zoe.id, dayOfWeek: 1, startTime: '08:00', endTime: '12:00' },
    { providerId: zoe.id, dayOfWeek: 3, startTime: '09:00', endTime: '17:00' },
    { providerId: zoe.id, dayOfWeek: 5, startTime: '09:00', endTime: '10:00', isActive: false },
  ]);
  const upcoming = await booking(db, new Date(now.getTime() + 2 * DAY), {
    providerId: zoe.id,
    assignedAt: now,
  });
  return { zoe, abe, pia, payouts, upcoming };
}

export async function adminPeopleWorld(db: Knex, now = new Date()) {
  return { ...(await clients(db, now)), ...(await providers(db, now)) };
}
