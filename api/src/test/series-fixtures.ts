import { addDays, chicagoDate } from '@twinclean/shared/schedule';
import type { Knex } from 'knex';
import pino from 'pino';
import type { AppDeps } from '../app';
import { jobAlerts } from '../modules/push/job-alerts';
import type { SeriesDeps } from '../modules/series/deps';
import type { SeriesDetails } from '../modules/series/details';
import { newUser } from './people';

// Series for the series engine's tests: a client, a saved home and a house cleaning repeated
// on a rhythm, inserted as the booking API would leave them.

export const HOUSE_DETAILS: SeriesDetails = {
  serviceType: 'house',
  contact: {
    firstName: 'Cora',
    lastName: 'Tester',
    email: 'cora@example.com',
    phone: '612-555-0141',
  },
  clientNotes: 'Please water the fern',
  greenCleaning: false,
  rooms: {
    homeSize: 'medium',
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
};

/** A series of a new client's at a new home; visits planned from `anchorDate` every `intervalWeeks`. */
export async function insertSeries(
  db: Knex,
  options: {
    anchorDate: string;
    scheduledTime?: string;
    intervalWeeks?: 1 | 2 | 4;
    pausedUntil?: string | null;
    regularProviderId?: string | null;
    clientFields?: Record<string, unknown>;
  },
): Promise<{ seriesId: string; clientId: string; homeId: string }> {
  const client = await newUser(db, 'client', options.clientFields);
  const [home] = await db('homes')
    .insert({
      clientId: client.id,
      address: '4420 Upton Ave S',
      city: 'Minneapolis',
      state: 'MN',
      zipCode: '55410',
      latitude: 44.92,
      longitude: -93.31,
      geocodePrecision: 'zip',
    })
    .returning('id');
  const [series] = await db('bookingSeries')
    .insert({
      clientId: client.id,
      homeId: home.id,
      serviceType: 'house',
      intervalWeeks: options.intervalWeeks ?? 1,
      anchorDate: options.anchorDate,
      scheduledTime: options.scheduledTime ?? '09:00',
      details: JSON.stringify(HOUSE_DETAILS),
      regularProviderId: options.regularProviderId ?? null,
      pausedUntil: options.pausedUntil ?? null,
    })
    .returning('id');
  return { seriesId: series.id, clientId: client.id, homeId: home.id };
}

/** The series' visits, in planned order. */
export const visitsOf = (db: Knex, seriesId: string) =>
  db('bookings').where({ seriesId }).orderBy('seriesDate');

/** A provider whose week is `slots` ([dayOfWeek, start, end], 0 = Sunday). */
export async function providerWithWeek(db: Knex, slots: [number, string, string][]) {
  const provider = await newUser(db, 'provider');
  if (slots.length > 0) {
    await db('availabilitySlots').insert(
      slots.map(([dayOfWeek, startTime, endTime]) => ({
        providerId: provider.id,
        dayOfWeek,
        startTime,
        endTime,
        isActive: true,
      })),
    );
  }
  return provider;
}

/** The engine's dependencies on a given connection (two of them make two workers). */
export const seriesDeps = (deps: AppDeps, db: Knex = deps.db): SeriesDeps => {
  const logger = pino({ level: 'silent' });
  return { db, mailer: deps.mailer, logger, alerts: jobAlerts(deps.jobs, logger) };
};

/** Today in Chicago moved by `days`. */
export const dayFromToday = (days: number) => addDays(chicagoDate(new Date()), days);
