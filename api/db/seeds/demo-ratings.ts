import type { Knex } from 'knex';
import { type DemoAccount, demoAccounts, seedId } from './demo-accounts';

// Past visits with their ratings, so the demo shows real ones: Maria (provider@example.com) has
// 11 averaging 4.9, VIP by rating; Amina has 3 (4.3). All are older than the recent demo jobs
// (the client's visit of 3 days ago stays unrated, to try the Rate this visit button); the
// client's rated visit of 20 days ago shows a given rating.

type Rater = Pick<DemoAccount, 'firstName' | 'lastName' | 'email' | 'phone'> & { id?: string };

const guest = (firstName: string, lastName: string, n: number): Rater => ({
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.net`,
  phone: `612-555-01${String(n).padStart(2, '0')}`,
});

export type DemoRatedVisit = {
  n: number;
  who: Rater;
  daysAgo: number;
  provider: DemoAccount;
  stars: number;
  comment: string;
};

const { client, provider, provider2 } = demoAccounts;
const visit = (
  n: number,
  who: Rater,
  daysAgo: number,
  by: DemoAccount,
  stars: number,
  comment = '',
): DemoRatedVisit => ({ n: 130 + n, who, daysAgo, provider: by, stars, comment });

export const demoRatedVisits: DemoRatedVisit[] = [
  visit(0, client, 20, provider, 5, 'Maria was wonderful: the kitchen has never looked better.'),
  visit(1, guest('Hannah', 'Olson', 71), 24, provider, 5, 'On time, friendly and thorough.'),
  visit(2, guest('Diego', 'Flores', 72), 27, provider, 5),
  visit(3, guest('Priya', 'Shah', 73), 30, provider, 4, 'Good work; missed the baseboards.'),
  visit(4, guest('Noah', 'Berg', 74), 33, provider, 5, 'Spotless.'),
  visit(5, guest('Lena', 'Kim', 75), 36, provider, 5),
  visit(6, guest('Omar', 'Hassan', 76), 40, provider, 5, 'Great with our dog.'),
  visit(7, guest('Ruth', 'Nelson', 77), 44, provider, 5),
  visit(8, guest('Sam', 'Ito', 78), 48, provider, 5, 'Will book again.'),
  visit(9, guest('Ava', 'Lund', 79), 52, provider, 5),
  visit(10, guest('Ben', 'Carter', 80), 56, provider, 5, 'Best clean we have had.'),
  visit(11, guest('Mia', 'Novak', 81), 22, provider2, 5, 'Lovely job on the bathrooms.'),
  visit(12, guest('Leo', 'Park', 82), 29, provider2, 4),
  visit(13, guest('Ivy', 'Moss', 83), 38, provider2, 4, 'Good, a little rushed.'),
];

/** The ratings of those visits, given a day after each (`now` as the seed's clock). */
export async function seedRatings(trx: Knex.Transaction, now: Date): Promise<void> {
  await trx('ratings')
    .insert(
      demoRatedVisits.map((v) => ({
        bookingId: seedId(v.n),
        providerId: v.provider.id,
        clientId: v.who.id ?? null,
        stars: v.stars,
        comment: v.comment,
        createdAt: new Date(now.getTime() - (v.daysAgo - 1) * 86_400_000),
      })),
    )
    .onConflict('bookingId')
    .ignore();
}
