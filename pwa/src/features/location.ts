/** Where the phone is, as a punch carries it. */
export type Fix = {
  latitude: number;
  longitude: number;
  accuracy: number;
  positionAt: string;
};

/** A fix, or why there is none: the punch goes ahead either way (DECISIONS.md "Providers"). */
export type LocationResult = { fix: Fix } | { fix: null; problem: string };

// Spec 2 §9: 10 seconds, high accuracy, no cached position.
const LOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 10_000,
  maximumAge: 0,
};

export function currentLocation(): Promise<LocationResult> {
  if (!('geolocation' in navigator)) {
    return Promise.resolve({ fix: null, problem: 'Geolocation is not supported by your browser' });
  }
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      ({ coords, timestamp }) =>
        resolve({
          fix: {
            latitude: coords.latitude,
            longitude: coords.longitude,
            accuracy: coords.accuracy,
            positionAt: new Date(timestamp).toISOString(),
          },
        }),
      (error) => resolve({ fix: null, problem: `Location access denied: ${error.message}` }),
      LOCATION_OPTIONS,
    );
  });
}
