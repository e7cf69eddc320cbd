import type { HomeRooms, Home as HomeView } from '@twinclean/shared/homes';
import type { Home } from '../../models/home';
import type { DataCipher } from '../../security/data-cipher';

/** The home's rooms as the wizard asks them, or null for a home saved without them. */
export function homeRooms(home: Home): HomeRooms | null {
  if (!home.homeSize || home.numberOfFloors === null) return null;
  return {
    homeSize: home.homeSize,
    squareFeet: home.squareFeet,
    numberOfFloors: home.numberOfFloors,
    bedroomCount: home.bedroomCount ?? 0,
    fullBathroomCount: home.fullBathroomCount ?? 0,
    halfBathroomCount: home.halfBathroomCount ?? 0,
    hasKitchen: home.hasKitchen ?? false,
    hasLivingRoom: home.hasLivingRoom ?? false,
  };
}

/** The columns a home's rooms are stored in; all null when the home has none. */
export function roomColumns(rooms: HomeRooms | null) {
  return {
    homeSize: rooms?.homeSize ?? null,
    squareFeet: rooms?.squareFeet ?? null,
    numberOfFloors: rooms?.numberOfFloors ?? null,
    bedroomCount: rooms?.bedroomCount ?? null,
    fullBathroomCount: rooms?.fullBathroomCount ?? null,
    halfBathroomCount: rooms?.halfBathroomCount ?? null,
    hasKitchen: rooms?.hasKitchen ?? null,
    hasLivingRoom: rooms?.hasLivingRoom ?? null,
  };
}

/** Entry notes as stored: sealed, or null when the client wrote none. */
export function sealNotes(cipher: DataCipher, notes: string): string | null {
  return notes ? cipher.seal(notes) : null;
}

/** A saved home as its own client sees it, entry notes opened. */
export function clientHomeView(
  home: Home,
  cipher: DataCipher,
  activeSeriesCount: number,
): HomeView {
  return {
    id: home.id,
    label: home.label,
    address: home.address,
    city: home.city,
    state: home.state,
    zipCode: home.zipCode,
    rooms: homeRooms(home),
    hasPets: home.hasPets,
    petDetails: home.petDetails,
    parkingNotes: home.parkingNotes,
    entryNotes: home.entryNotesSealed ? cipher.open(home.entryNotesSealed) : '',
    activeSeriesCount,
  };
}
