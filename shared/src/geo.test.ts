import { describe, expect, it } from 'vitest';
import { distanceMeters, withinGeofence } from './geo';

const lakeHarriet = { latitude: 44.9221, longitude: -93.3057 };
const lakeCalhoun = { latitude: 44.9483, longitude: -93.3106 };

describe('geofence', () => {
  it('measures distances on the globe', () => {
    expect(distanceMeters(lakeHarriet, lakeCalhoun)).toBeGreaterThan(2800);
    expect(distanceMeters(lakeHarriet, lakeCalhoun)).toBeLessThan(3000);
    expect(distanceMeters(lakeHarriet, lakeHarriet)).toBe(0);
  });

  it('verifies within 250 m of an address and 3 km of a ZIP centroid', () => {
    const near = { latitude: 44.9235, longitude: -93.3057 }; // about 156 m north
    expect(withinGeofence(near, { ...lakeHarriet, precision: 'address' })).toEqual({
      verified: true,
      distanceM: 156,
    });
    expect(withinGeofence(lakeCalhoun, { ...lakeHarriet, precision: 'address' }).verified).toBe(
      false,
    );
    expect(withinGeofence(lakeCalhoun, { ...lakeHarriet, precision: 'zip' }).verified).toBe(true);
  });

  it('never verifies without a location', () => {
    expect(withinGeofence(null, { ...lakeHarriet, precision: 'zip' })).toEqual({
      verified: false,
      distanceM: null,
    });
    expect(withinGeofence(lakeHarriet, null)).toEqual({ verified: false, distanceM: null });
  });
});
