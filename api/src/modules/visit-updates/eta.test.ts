import { distanceMeters } from '@twinclean/shared/geo';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ETA, etaMinutes } from './eta';

const HOME = { latitude: 44.9466, longitude: -93.2862 };
/** A point `km` due north of HOME (1° of latitude is 111.195 km on the mean sphere). */
const north = (km: number) => ({
  latitude: HOME.latitude + km / 111.19492664,
  longitude: HOME.longitude,
});

describe('the arrival estimate', () => {
  it('is the straight line × the road factor at the city speed, rounded up to 5 minutes', () => {
    expect(distanceMeters(north(10), HOME)).toBeCloseTo(10_000, 0);
    // 10 km × 1.4 = 14 km at 35 km/h = 24 min → 25.
    expect(etaMinutes(north(10), HOME, DEFAULT_ETA)).toBe(25);
    // 12.5 km × 1.4 = 17.5 km at 35 km/h = exactly 30 min: not rounded up to 35.
    expect(etaMinutes(north(12.5), HOME, DEFAULT_ETA)).toBe(30);
    // A hair more than 30 minutes is 35.
    expect(etaMinutes(north(12.6), HOME, DEFAULT_ETA)).toBe(35);
    // 20 km × 1.4 = 28 km at 35 km/h = 48 min → 50.
    expect(etaMinutes(north(20), HOME)).toBe(50);
  });

  it('follows the configured factor and speed', () => {
    // 10 km × 2 = 20 km at 60 km/h = 20 min.
    expect(etaMinutes(north(10), HOME, { roadFactor: 2, speedKmh: 60 })).toBe(20);
    // 10 km × 1 = 10 km at 20 km/h = 30 min.
    expect(etaMinutes(north(10), HOME, { roadFactor: 1, speedKmh: 20 })).toBe(30);
  });

  it('is at least 5 minutes, even at the door', () => {
    expect(etaMinutes(HOME, HOME)).toBe(5);
    expect(etaMinutes(north(0.3), HOME)).toBe(5);
  });

  it('is null without the phone’s fix or the home’s point', () => {
    expect(etaMinutes(null, HOME)).toBeNull();
    expect(etaMinutes(north(5), null)).toBeNull();
    expect(etaMinutes(null, null)).toBeNull();
  });
});
