import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentUser } from '@twinclean/shared/auth';
import { type Home, homeListSchema } from '@twinclean/shared/homes';
import { ApiError, getJson } from '@twinclean/shared/http';

// A signed-in client's saved homes, offered by the wizard and the laundry form (issue 31).

export const savedHomesQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/homes'] as const,
    queryFn: async (): Promise<Home[]> => {
      try {
        return homeListSchema.parse(await getJson('/api/homes')).homes;
      } catch (error) {
        // A server without the homes routes yet answers 404: the client has no saved home.
        if (error instanceof ApiError && error.status === 404) return [];
        throw error;
      }
    },
  });

/** Only a signed-in client has homes; anyone else books at a new address. */
export function useSavedHomes(user: CurrentUser | null) {
  return useQuery({ ...savedHomesQueryOptions(), enabled: user?.role === 'client' });
}

/** "Home · 12 Oak St, Minneapolis": how a saved home is named in a choice. */
export const homeAddressLine = (home: Home): string =>
  `${home.address}, ${home.city}, ${home.state} ${home.zipCode}`;

/** What the house wizard takes from a chosen saved home: its address, rooms and notes. */
export function houseValuesOfHome(home: Home) {
  return {
    homeId: home.id,
    address: home.address,
    city: home.city,
    // Homes are in the service area, which the wizard's state list covers.
    state: home.state as 'MN',
    zipCode: home.zipCode,
    parkingNotes: home.parkingNotes,
    entryNotes: home.entryNotes,
    ...(home.rooms
      ? {
          ...home.rooms,
          squareFeet: home.rooms.squareFeet === null ? '' : String(home.rooms.squareFeet),
        }
      : {}),
  };
}

/** What the laundry form takes from a chosen saved home: the pickup address and the notes. */
export function laundryValuesOfHome(home: Home) {
  return {
    homeId: home.id,
    pickupAddress: home.address,
    pickupCity: home.city,
    pickupState: 'MN' as const,
    pickupZipCode: home.zipCode,
    parkingNotes: home.parkingNotes,
    entryNotes: home.entryNotes,
  };
}
