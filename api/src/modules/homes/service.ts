import type { Home as HomeView, homeInputSchema } from '@twinclean/shared/homes';
import type { Knex } from 'knex';
import type * as z from 'zod/mini';
import type { Geocoder } from '../../adapters/geocoder';
import { AppError, notFound } from '../../errors';
import { BookingSeries } from '../../models/booking-series';
import { Home } from '../../models/home';
import { dataCipher } from '../../security/data-cipher';
import { pointColumns } from './from-booking';
import { clientHomeView, roomColumns, sealNotes } from './view';

export type HomeDeps = { db: Knex; geocoder: Geocoder };
type Input = z.output<typeof homeInputSchema>;

/** Series still visiting each home: a home with one cannot be deleted from under it. */
async function activeSeriesCounts(db: Knex, homeIds: string[]): Promise<Map<string, number>> {
  if (homeIds.length === 0) return new Map();
  const rows = (await BookingSeries.query(db)
    .select('homeId')
    .count('* as count')
    .whereIn('homeId', homeIds)
    .whereNull('canceledAt')
    .groupBy('homeId')) as unknown as { homeId: string; count: string }[];
  return new Map(rows.map((r) => [r.homeId, Number(r.count)]));
}

/** The client's saved homes, newest first; archived (deleted) ones are gone from the list. */
export async function listHomes(db: Knex, clientId: string): Promise<{ homes: HomeView[] }> {
  const homes = await Home.query(db)
    .where({ clientId })
    .whereNull('archivedAt')
    .orderBy('createdAt', 'desc')
    .orderBy('id');
  const counts = await activeSeriesCounts(
    db,
    homes.map((h) => h.id),
  );
  const cipher = await dataCipher(db);
  return { homes: homes.map((h) => clientHomeView(h, cipher, counts.get(h.id) ?? 0)) };
}

/** One of the client's homes; another client's looks like one that does not exist. */
async function ownHome(db: Knex, clientId: string, id: string): Promise<Home> {
  const home = await Home.query(db).findById(id).where({ clientId }).whereNull('archivedAt');
  if (!home) throw notFound('Home');
  return home;
}

export async function getHome(db: Knex, clientId: string, id: string): Promise<HomeView> {
  const home = await ownHome(db, clientId, id);
  const counts = await activeSeriesCounts(db, [id]);
  return clientHomeView(home, await dataCipher(db), counts.get(id) ?? 0);
}

async function columns(deps: HomeDeps, input: Input) {
  // The point for the provider's geofence, as for a booking; a home is kept when it is unknown.
  const point = await deps.geocoder.locate(input);
  const cipher = await dataCipher(deps.db);
  return {
    label: input.label,
    address: input.address,
    city: input.city,
    state: input.state,
    zipCode: input.zipCode,
    ...pointColumns(point),
    ...roomColumns(input.rooms),
    hasPets: input.hasPets,
    petDetails: input.hasPets ? input.petDetails : '',
    parkingNotes: input.parkingNotes,
    entryNotesSealed: sealNotes(cipher, input.entryNotes),
  };
}

export async function createHome(
  deps: HomeDeps,
  clientId: string,
  input: Input,
): Promise<HomeView> {
  const home = await Home.query(deps.db).insert({ clientId, ...(await columns(deps, input)) });
  return getHome(deps.db, clientId, home.id);
}

/** Changes a saved home; visits already booked keep the address they were booked at. */
export async function updateHome(
  deps: HomeDeps,
  clientId: string,
  id: string,
  input: Input,
): Promise<HomeView> {
  await ownHome(deps.db, clientId, id);
  await Home.query(deps.db)
    .findById(id)
    .patch(await columns(deps, input));
  return getHome(deps.db, clientId, id);
}

/**
 * Deletes a saved home from the client's list. The row is archived, not removed: bookings and
 * series keep pointing at it. Refused while a series still visits it.
 */
export async function deleteHome(db: Knex, clientId: string, id: string) {
  await db.transaction(async (trx) => {
    const home = await Home.query(trx)
      .findById(id)
      .where({ clientId })
      .whereNull('archivedAt')
      .forUpdate();
    if (!home) throw notFound('Home');
    const counts = await activeSeriesCounts(trx, [id]);
    if ((counts.get(id) ?? 0) > 0) {
      throw new AppError(
        409,
        'home_in_use',
        'A recurring cleaning still visits this home. Cancel the series first, then delete the home.',
      );
    }
    await home.$query(trx).patch({ archivedAt: new Date() });
  });
  return { ok: true, message: 'Home deleted.' };
}
