/** Where the phone is, as a punch carries it. */
export type Fix = {
  latitude: number;
  longitude: number;
  accuracy: number;
  positionAt: string;
};

/** A fix, or why there is none: the punch goes ahead either way (DECISIONS.md "Providers"). */
export type LocationResult = { fix: Fix } | { fix: null; problem: string };

/** Spec 2 §9: how long a punch looks for a fix (the browser does not count its permission prompt). */
export const LOCATION_TIMEOUT_MS = 10_000;

// Spec 2 §9's high accuracy. Not its "no cached position": a fix up to 5 minutes
// old (taken at the door) beats none in a basement (ARCHITECTURE.md, issue 6), and the punch
// carries positionAt, so the server and admin see how old it was.
const LOCATION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: LOCATION_TIMEOUT_MS,
  maximumAge: 5 * 60_000,
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
