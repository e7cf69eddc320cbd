import { addDays, chicagoDate, chicagoInstant } from '@twinclean/shared/schedule';
import type { Knex } from 'knex';
import { bookingRow } from './fixtures';

/**
 * A weekly series of the client's at 10:00 with `visits` planned visits, the first `firstIn`
 * days from today; with a regular provider, each visit is theirs. The home carries the secret
 * in its address (its entry notes are not the admin's nor anyone's but the visit's provider's).
 */
export async function createSeries(
  db: Knex,
  options: {
    clientId: string;
    providerId: string | null;
    firstIn?: number;
    visits?: number;
    secret?: string;
    weeks?: 1 | 2 | 4;
  },
) {
  const { clientId, providerId, secret = 'series' } = options;
  const weeks = options.weeks ?? 1;
  const anchor = addDays(chicagoDate(new Date()), options.firstIn ?? 3);
  const [home] = await db('homes')
    .insert({
      clientId,
      label: 'Home',
      address: `${secret} Bryant Ave`,
      city: 'Minneapolis',
      state: 'MN',
      zipCode: '55408',
    })
    .returning('id');
  const [series] = await db('bookingSeries')
    .insert({
      clientId,
      homeId: home.id,
      serviceType: 'house',
      intervalWeeks: weeks,
      anchorDate: anchor,
      scheduledTime: '10:00',
      details: {
        serviceType: 'house',
        contact: {
          firstName: 'Pat',
          lastName: 'Client',
          email: `${secret}@example.com`,
          phone: '612-555-0100',
        },
        clientNotes: '',
        greenCleaning: false,
        rooms: {
          homeSize: 'small',
          squareFeet: null,
          numberOfFloors: 1,
          bedroomCount: 2,
          fullBathroomCount: 1,
          halfBathroomCount: 0,
          hasKitchen: true,
          hasLivingRoom: true,
          hasPets: false,
          petDetails: '',
        },
        addOns: [],
      },
      regularProviderId: providerId,
    })
    .returning('id');
  const visits: string[] = [];
  for (let i = 0; i < (options.visits ?? 3); i += 1) {
    const date = addDays(anchor, 7 * weeks * i);
    const [visit] = await db('bookings')
      .insert(
        bookingRow(chicagoInstant(date, '10:00'), {
          clientId,
          clientEmail: `${secret}@example.com`,
          address: `${secret} Bryant Ave`,
          homeId: home.id,
          seriesId: series.id,
          seriesDate: date,
          depositAmountCents: 0,
          ...(providerId ? { providerId, assignedAt: new Date() } : {}),
        }),
      )
      .returning('id');
    visits.push(visit.id as string);
  }
  return { series: series.id as string, home: home.id as string, visits, anchor };
}

/** clientA's weekly series whose regular provider is providerA, for the matrix and fuzz tests. */
export async function seriesWorld(
  db: Knex,
  secret: string,
  people: { clientA: { id: string }; providerA: { id: string } },
) {
  const made = await createSeries(db, {
    clientId: people.clientA.id,
    providerId: people.providerA.id,
    secret: `w${secret}`,
  });
  return {
    series: { id: made.series, visit: made.visits[0] as string, visits: made.visits },
    seriesSecrets: [made.series, made.home, ...made.visits, `w${secret}`],
  };
}
