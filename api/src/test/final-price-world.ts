import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { bookingRow, CARPET_ESTIMATE } from './fixtures';

/**
 * The final-price consent's resources for the access-matrix and fuzz tests (issue 26): carpet
 * jobs assigned to providerA, booked at a $325.00 estimate and waiting for the client to approve
 * $450.00 (outside 75–125 %): clientA's, for the booking page and the owner, and a guest's
 * reached by its pay link.
 */
export async function finalPriceWorld(
  db: Knex,
  secret: string,
  people: { clientA: { id: string }; providerA: { id: string } },
) {
  // A pay link shows its booking to whoever holds it, so that one carries no secret.
  const proposed = (owned: Record<string, unknown>) =>
    bookingRow(new Date(Date.now() + 2 * 86_400_000), {
      ...owned,
      providerId: people.providerA.id,
      assignedAt: new Date(),
      ...CARPET_ESTIMATE,
      proposedPriceCents: 45_000,
      priceProposedAt: new Date(),
      priceProposedBy: people.providerA.id,
    });
  const [mine] = await db('bookings')
    .insert(
      proposed({
        clientId: people.clientA.id,
        clientEmail: `q${secret}@example.com`,
        address: `q${secret} Nicollet Ave`,
      }),
    )
    .returning('id');
  const [linked] = await db('bookings').insert(proposed({})).returning('id');
  const proposalToken = `proposal-${randomBytes(24).toString('base64url')}`;
  await db('paymentLinks').insert({
    bookingId: linked.id,
    tokenHash: createHash('sha256').update(proposalToken).digest('hex'),
    purpose: 'full',
  });
  return {
    proposalBooking: mine.id as string,
    proposalToken,
    proposalSecrets: [mine.id as string],
  };
}
