import zipcodes from 'zipcodes';

export type GeoPoint = { latitude: number; longitude: number; precision: 'address' | 'zip' };
export type PostalAddress = { address: string; city: string; state: string; zipCode: string };

/** Finds a booking's point on the map; null when it cannot (the booking is stored anyway). */
export type Geocoder = { locate(address: PostalAddress): Promise<GeoPoint | null> };

/** The offline default: the ZIP code's centroid from a table shipped in an npm package. */
export function zipCentroidGeocoder(): Geocoder {
  return {
    async locate({ zipCode }) {
      const found = zipcodes.lookup(zipCode);
      return found
        ? { latitude: found.latitude, longitude: found.longitude, precision: 'zip' }
        : null;
    },
  };
}
