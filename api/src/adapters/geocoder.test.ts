import { describe, expect, it } from 'vitest';
import { zipCentroidGeocoder } from './geocoder';

describe('zipCentroidGeocoder', () => {
  it('places Twin Cities addresses at their ZIP centroid, marked as ZIP precision', async () => {
    const point = await zipCentroidGeocoder().locate({
      address: '3348 Hennepin Ave',
      city: 'Minneapolis',
      state: 'MN',
      zipCode: '55408',
    });
    expect(point?.precision).toBe('zip');
    expect(point?.latitude).toBeCloseTo(44.95, 1);
    expect(point?.longitude).toBeCloseTo(-93.29, 1);
  });

  it('answers null for a ZIP it does not know', async () => {
    expect(
      await zipCentroidGeocoder().locate({
        address: 'x',
        city: 'y',
        state: 'MN',
        zipCode: '00000',
      }),
    ).toBeNull();
  });
});
