import { distanceMeters, type LatLng } from '@twinclean/shared/geo';

// README "Visit updates": the arrival time told with "on my way" is an estimate, the straight-line
// distance stretched by a road factor (streets are not straight) at an average city speed, rounded
// up to 5 minutes so the client is told a time the cleaner can keep. No routing service: it needs
// no outside account, works for a point sent hours late from the outbox, and is honest about
// being rough.

export type EtaSettings = {
  /** ETA_ROAD_FACTOR: road distance ÷ straight-line distance (default 1.4). */
  roadFactor: number;
  /** ETA_SPEED_KMH: average driving speed in the city (default 35). */
  speedKmh: number;
};

export const DEFAULT_ETA: EtaSettings = { roadFactor: 1.4, speedKmh: 35 };

const STEP_MINUTES = 5;

/**
 * Minutes from `from` (the phone's fix) to `to` (the home), rounded up to 5 and at least 5;
 * null when either point is missing (the client is then told without a time).
 */
export function etaMinutes(
  from: LatLng | null,
  to: LatLng | null,
  settings: EtaSettings = DEFAULT_ETA,
): number | null {
  if (!from || !to) return null;
  const km = (distanceMeters(from, to) / 1000) * settings.roadFactor;
  const minutes = (km / settings.speedKmh) * 60;
  // A hair over a step (float noise on an exact multiple) must not cost the client 5 minutes.
  const steps = Math.ceil(minutes / STEP_MINUTES - 1e-9);
  return Math.max(steps, 1) * STEP_MINUTES;
}
