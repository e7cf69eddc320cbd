declare module 'zipcodes' {
  export type ZipInfo = {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  };
  export function lookup(zip: string | number): ZipInfo | undefined;
  /** The places within `miles` of `zip`: their ZIP codes, or (`full`) their records. */
  export function radius(zip: string | number, miles: number, full: true): ZipInfo[];
  const zipcodes: { lookup: typeof lookup; radius: typeof radius };
  export default zipcodes;
}
