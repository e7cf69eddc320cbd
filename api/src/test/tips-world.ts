import { randomUUID } from 'node:crypto';
import { TEST_CARDS } from '@twinclean/shared/local-gateway';
import type { Knex } from 'knex';
import { localGateway } from '../adapters/payments/local-gateway';
import { reportTokens } from '../modules/visit-report/tokens';
import { bookingRow } from './fixtures';

const HOUR = 3_600_000;

export type FinishedVisit = {
  clientId: string | null;
  providerId: string;
  /** Default: an hour ago. Null: not clocked out yet (and no payout). */
  clockOutAt?: Date | null;
  canceledAt?: Date | null;
  /** Booked hours at $45.00 (default 3: a $135.00 visit). */
  hours?: number;
  /** Whether the clock-out's payout exists (default: when clocked out). */
  payout?: boolean;
  fields?: Record<string, unknown>;
};

/** A house cleaning done (clocked in, clocked out) by `providerId`, with its payout. */
export async function finishedVisit(db: Knex, visit: FinishedVisit): Promise<string> {
  const clockOutAt =
    visit.clockOutAt === undefined ? new Date(Date.now() - HOUR) : visit.clockOutAt;
  const end = clockOutAt ?? new Date();
  const hours = visit.hours ?? 3;
  const [booking] = await db('bookings')
    .insert(
      bookingRow(
        new Date(end.getTime() - hours * HOUR),
        {
          clientId: visit.clientId,
          providerId: visit.providerId,
          assignedAt: new Date(end.getTime() - 48 * HOUR),
          clockInAt: new Date(end.getTime() - hours * HOUR),
          clockOutAt,
          canceledAt: visit.canceledAt ?? null,
          ...visit.fields,
        },
        hours,
      ),
    )
    .returning('id');
  if (visit.payout ?? clockOutAt !== null) {
    await db('payouts').insert({
      providerId: visit.providerId,
      bookingId: booking.id,
      hoursWorked: hours,
      hoursPaid: hours,
      hourlyRateCents: 2500,
      baseAmountCents: hours * 2500,
      waitPayCents: 0,
      totalAmountCents: hours * 2500,
      geofenceVerified: true,
    });
  }
  return booking.id as string;
}

/** A tip of `cents` paid on the LocalGateway and not reported yet, its payment row waiting. */
async function paidTip(db: Knex, bookingId: string, providerId: string, cents: number) {
  const gateway = localGateway(db);
  const intent = await gateway.createIntent({
    amountCents: cents,
    description: 'matrix tip',
    metadata: { bookingId, purpose: 'tip', providerId },
    idempotencyKey: randomUUID(),
  });
  const booking = await db('bookings').where({ id: bookingId }).first();
  await db('payments').insert({
    userId: booking.clientId,
    bookingId,
    gateway: 'local',
    gatewayPaymentId: intent.id,
    kind: 'tip',
    amountCents: cents,
    status: 'requires_payment',
  });
  await gateway.confirm(intent.id, {
    clientSecret: intent.clientSecret,
    cardNumber: TEST_CARDS.succeeds,
    expiry: '12/40',
    cvc: '123',
  });
  return intent.id;
}

/**
 * The tips' resources for the access-matrix and fuzz tests: clientA's visit done by providerA an
 * hour ago with a tip paid at the gateway and not yet reported (`tipVisit`, an owner's secret);
 * and a guest's finished visit, its report link and a paid tip of its own (a link shows its
 * visit to whoever holds it, so no secret).
 */
export async function tipsWorld(
  db: Knex,
  secret: string,
  people: { clientA: { id: string }; providerA: { id: string } },
) {
  const providerId = people.providerA.id;
  const visit = await finishedVisit(db, {
    clientId: people.clientA.id,
    providerId,
    fields: { clientEmail: `t${secret}@example.com`, address: `t${secret} Lake St` },
  });
  const guest = await finishedVisit(db, {
    clientId: null,
    providerId,
    fields: { clientFirstName: 'Gale' },
  });
  return {
    tips: {
      visit,
      paidIntent: await paidTip(db, visit, providerId, 2000),
      token: (await reportTokens(db))(guest),
      tokenPaidIntent: await paidTip(db, guest, providerId, 1500),
    },
    tipSecrets: [visit, `t${secret}`],
  };
}
