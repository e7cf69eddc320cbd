export type LatLng = { latitude: number; longitude: number };

const EARTH_RADIUS_M = 6_371_000;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres. */
export function distanceMeters(a: LatLng, b: LatLng): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(h));
}

// DECISIONS.md "Providers": 250 m of an address-precise point, 3 km of a ZIP centroid.
export const GEOFENCE_METERS = { address: 250, zip: 3000 } as const;

/** Whether one punch was at the job; unknown either way counts as not verified. */
export function withinGeofence(
  punch: LatLng | null,
  job: (LatLng & { precision: 'address' | 'zip' }) | null,
): { verified: boolean; distanceM: number | null } {
  if (!punch || !job) return { verified: false, distanceM: null };
  const distanceM = Math.round(distanceMeters(punch, job));
  return { verified: distanceM <= GEOFENCE_METERS[job.precision], distanceM };
}
