import type { HomeRooms } from '@twinclean/shared/homes';
import type { Knex } from 'knex';
import type { GeoPoint } from '../../adapters/geocoder';
import { AppError } from '../../errors';
import { Home } from '../../models/home';
import { dataCipher } from '../../security/data-cipher';
import { roomColumns, sealNotes } from './view';

/** The home facts a booking payload carries (house wizard or laundry form). */
export type BookingHomeInput = {
  homeId: string | null;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  parkingNotes: string;
  entryNotes: string;
  /** The wizard's rooms; null from the laundry form, which leaves a saved home's rooms alone. */
  rooms: HomeRooms | null;
  hasPets: boolean;
  petDetails: string;
};

/** Where the booking takes place, and the saved home it belongs to (none for a guest). */
export type BookingHome = {
  homeId: string | null;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  latitude: number | null;
  longitude: number | null;
  geocodePrecision: GeoPoint['precision'] | null;
};

const unknownHome = () => new AppError(400, 'unknown_home', 'Choose one of your saved homes');

/**
 * The home a booking is made for, in the booking's transaction. A guest books at the address
 * they typed and saves nothing (entry notes need an account: there is no home to seal them in).
 * A client books either at one of their saved homes (its address wins; the notes and rooms the
 * form showed prefilled update it) or at a new address, which becomes a saved home.
 */
export async function homeForBooking(
  trx: Knex.Transaction,
  clientId: string | null,
  input: BookingHomeInput,
  point: GeoPoint | null,
): Promise<BookingHome> {
  if (clientId === null) {
    if (input.homeId !== null) throw unknownHome();
    if (input.entryNotes) {
      throw new AppError(
        400,
        'entry_notes_need_account',
        'Sign in to leave entry notes: they are kept with your saved home.',
      );
    }
    return { ...addressOf(input), homeId: null, ...pointColumns(point) };
  }
  const cipher = await dataCipher(trx);
  const changes = {
    parkingNotes: input.parkingNotes,
    entryNotesSealed: sealNotes(cipher, input.entryNotes),
    hasPets: input.hasPets,
    petDetails: input.petDetails,
    ...(input.rooms ? roomColumns(input.rooms) : {}),
  };
  if (input.homeId !== null) {
    const home = await Home.query(trx)
      .findById(input.homeId)
      .where({ clientId })
      .whereNull('archivedAt')
      .forUpdate();
    if (!home) throw unknownHome();
    await home.$query(trx).patch(changes);
    return {
      homeId: home.id,
      ...addressOf(home),
      latitude: home.latitude,
      longitude: home.longitude,
      geocodePrecision: home.geocodePrecision,
    };
  }
  const home = await Home.query(trx).insert({
    clientId,
    ...addressOf(input),
    ...pointColumns(point),
    ...roomColumns(input.rooms),
    ...changes,
  });
  return { homeId: home.id, ...addressOf(input), ...pointColumns(point) };
}

function addressOf(from: Pick<BookingHomeInput, 'address' | 'city' | 'state' | 'zipCode'>) {
  return { address: from.address, city: from.city, state: from.state, zipCode: from.zipCode };
}

export function pointColumns(point: GeoPoint | null) {
  return {
    latitude: point?.latitude ?? null,
    longitude: point?.longitude ?? null,
    geocodePrecision: point?.precision ?? null,
  };
}
