import { chicagoInstant } from '@twinclean/shared/schedule';
import type { Knex } from 'knex';
import { bookingRow } from './fixtures';
import { newUser } from './people';

// The admin bookings list's test world: eight bookings across the four services, chosen so every
// filter, sort and search has something to find and something to leave out, and ties to break.

type Fields = {
  service?: string;
  first: string;
  last: string;
  email?: string;
  address?: string;
  city?: string;
  zip?: string;
  date: string;
  time?: string;
  hours?: number;
  provider?: string;
  extra?: Record<string, unknown>;
  createdAt: string;
};

async function insert(db: Knex, f: Fields): Promise<string> {
  const start = chicagoInstant(f.date, f.time ?? '09:00');
  const [row] = await db('bookings')
    .insert(
      bookingRow(
        start,
        {
          serviceType: f.service ?? 'house',
          clientFirstName: f.first,
          clientLastName: f.last,
          clientEmail: f.email ?? `${f.first.toLowerCase()}@example.com`,
          address: f.address ?? '3348 Hennepin Ave',
          city: f.city ?? 'Minneapolis',
          zipCode: f.zip ?? '55408',
          providerId: f.provider ?? null,
          assignedAt: f.provider ? start : null,
          createdAt: new Date(f.createdAt),
          ...f.extra,
        },
        f.hours ?? 2,
      ),
    )
    .returning('id');
  return row.id;
}

/**
 * The bookings, by name (ada, grace, alan, marie, nina, emmy, formula, percent), and the
 * providers: Zoe Quill, Abe Stone, and a second Zoe Quill (the provider's id keeps their bookings
 * apart when sorting by name).
 */
export async function adminBookingsWorld(db: Knex) {
  const zoe = (await newUser(db, 'provider', { firstName: 'Zoe', lastName: 'Quill' })).id;
  const abe = (await newUser(db, 'provider', { firstName: 'Abe', lastName: 'Stone' })).id;
  const zoe2 = (await newUser(db, 'provider', { firstName: 'Zoe', lastName: 'Quill' })).id;
  const done = { clockInAt: new Date('2026-01-05T15:00:00Z'), clockOutAt: new Date() };
  const rows: Record<string, Fields> = {
    ada: {
      first: 'Ada',
      last: 'Lovelace',
      address: '12 Summit Ave',
      city: 'Saint Paul',
      zip: '55105',
      date: '2026-12-01',
      hours: 3,
      createdAt: '2026-11-01T10:00:00Z',
    },
    grace: {
      first: 'Grace',
      last: 'Hopper',
      date: '2026-12-01',
      hours: 3,
      provider: zoe,
      createdAt: '2026-11-02T10:00:00Z',
    },
    alan: {
      first: 'Alan',
      last: 'Turing',
      address: '9 Lake St',
      date: '2026-12-02',
      hours: 4,
      provider: abe,
      extra: done,
      createdAt: '2026-11-03T10:00:00Z',
    },
    marie: {
      first: 'Marie',
      last: 'Curie',
      date: '2026-12-03',
      time: '13:00',
      extra: { canceledAt: new Date(), cancellationReason: 'Moved' },
      createdAt: '2026-11-04T10:00:00Z',
    },
    nina: {
      first: 'Nina',
      last: 'Simone',
      date: '2026-12-04',
      provider: zoe2,
      createdAt: '2026-11-04T11:00:00Z',
    },
    emmy: {
      service: 'carpet',
      first: 'Emmy',
      last: 'Noether',
      email: 'emmy@math.example.org',
      date: '2026-12-01',
      hours: 1.5,
      provider: zoe,
      extra: { depositRequestedAt: new Date(), hourlyRateCents: null },
      createdAt: '2026-11-05T10:00:00Z',
    },
    formula: {
      service: 'laundry',
      first: '=HYPERLINK("http://x")',
      last: 'Smith, "Jr"',
      address: '+1 Main St',
      city: '-Edina',
      date: '2026-11-20',
      createdAt: '2026-11-06T10:00:00Z',
    },
    percent: {
      service: 'dry_cleaning',
      first: 'Pat',
      last: 'Percent_Sign',
      address: '@5 Grand Ave',
      zip: '55104',
      date: '2026-11-21',
      createdAt: '2026-11-06T10:00:00Z',
    },
  };
  const ids: Record<string, string> = {};
  for (const [name, fields] of Object.entries(rows)) ids[name] = await insert(db, fields);
  await db('houseCleaningDetails').insert({
    bookingId: ids.ada,
    homeSize: 'medium',
    numberOfFloors: 1,
    bedroomCount: 1,
    fullBathroomCount: 1,
    halfBathroomCount: 0,
    hasKitchen: true,
    hasLivingRoom: false,
    selectedRooms: ['bedroom_1', 'full_bathroom_1', 'kitchen'],
  });
  return { ids, zoe, abe, zoe2 };
}
