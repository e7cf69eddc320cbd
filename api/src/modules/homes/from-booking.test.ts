import { describe, expect, it } from 'vitest';
import { Home } from '../../models/home';
import { newUser } from '../../test/people';
import { useTestDatabase } from '../../test/test-database';
import { type BookingHomeInput, homeForBooking } from './from-booking';

const db = useTestDatabase();

const NOTES = 'Lockbox QL4471, alarm 9090';
const POINT = { latitude: 44.95, longitude: -93.29, precision: 'zip' as const };
const input = (overrides: Partial<BookingHomeInput> = {}): BookingHomeInput => ({
  homeId: null,
  address: '3348 Hennepin Ave',
  city: 'Minneapolis',
  state: 'MN',
  zipCode: '55408',
  parkingNotes: 'Driveway',
  entryNotes: '',
  rooms: null,
  hasPets: false,
  petDetails: '',
  ...overrides,
});
const inTrx = <T>(work: Parameters<typeof db.knex.transaction<T>>[0]) =>
  db.knex.transaction<T>(work);

describe('homeForBooking', () => {
  it('books a guest at the typed address and saves no home', async () => {
    const home = await inTrx((trx) => homeForBooking(trx, null, input(), POINT));
    expect(home).toMatchObject({ homeId: null, address: '3348 Hennepin Ave', latitude: 44.95 });
  });

  it('refuses a guest who leaves entry notes or names a saved home', async () => {
    await expect(
      inTrx((trx) => homeForBooking(trx, null, input({ entryNotes: NOTES }), POINT)),
    ).rejects.toMatchObject({ status: 400, code: 'entry_notes_need_account' });
    const client = await newUser(db.knex);
    const saved = await Home.query(db.knex).insert({
      clientId: client.id,
      address: '1 Main St',
      city: 'Minneapolis',
      state: 'MN',
      zipCode: '55401',
    });
    await expect(
      inTrx((trx) => homeForBooking(trx, null, input({ homeId: saved.id }), POINT)),
    ).rejects.toMatchObject({ status: 400, code: 'unknown_home' });
  });

  it("saves a client's new home with its entry notes sealed", async () => {
    const client = await newUser(db.knex);
    const rooms = {
      homeSize: 'medium' as const,
      squareFeet: 1400,
      numberOfFloors: 2 as const,
      bedroomCount: 3,
      fullBathroomCount: 2,
      halfBathroomCount: 0,
      hasKitchen: true,
      hasLivingRoom: true,
    };
    const booked = await inTrx((trx) =>
      homeForBooking(trx, client.id, input({ entryNotes: NOTES, rooms, hasPets: true }), POINT),
    );
    expect(booked.homeId).not.toBeNull();
    const row = await db.knex('homes').where({ id: booked.homeId }).first();
    expect(row).toMatchObject({ clientId: client.id, bedroomCount: 3, hasPets: true });
    expect(row.entryNotesSealed).toMatch(/^v1:/);
    expect(JSON.stringify(row)).not.toContain('Lockbox');
    expect(JSON.stringify(row)).not.toContain('QL4471');
  });

  it("books at a saved home's address and updates its notes from the form", async () => {
    const client = await newUser(db.knex);
    const saved = await Home.query(db.knex).insert({
      clientId: client.id,
      address: '1 Main St',
      city: 'Minneapolis',
      state: 'MN',
      zipCode: '55401',
      latitude: 45,
      longitude: -93.2,
      geocodePrecision: 'address',
    });
    const booked = await inTrx((trx) =>
      homeForBooking(
        trx,
        client.id,
        input({ homeId: saved.id, parkingNotes: 'Street', entryNotes: NOTES }),
        POINT,
      ),
    );
    expect(booked).toMatchObject({ homeId: saved.id, address: '1 Main St', latitude: 45 });
    const after = await Home.query(db.knex).findById(saved.id);
    expect(after?.parkingNotes).toBe('Street');
    expect(after?.entryNotesSealed).toMatch(/^v1:/);
  });

  it("refuses another client's home and an archived one", async () => {
    const owner = await newUser(db.knex);
    const other = await newUser(db.knex);
    const theirs = await Home.query(db.knex).insert({
      clientId: owner.id,
      address: '1 Main St',
      city: 'Minneapolis',
      state: 'MN',
      zipCode: '55401',
    });
    await expect(
      inTrx((trx) => homeForBooking(trx, other.id, input({ homeId: theirs.id }), POINT)),
    ).rejects.toMatchObject({ status: 400, code: 'unknown_home' });
    await Home.query(db.knex).findById(theirs.id).patch({ archivedAt: new Date() });
    await expect(
      inTrx((trx) => homeForBooking(trx, owner.id, input({ homeId: theirs.id }), POINT)),
    ).rejects.toMatchObject({ status: 400, code: 'unknown_home' });
    expect(await Home.query(db.knex).where({ clientId: other.id }).resultSize()).toBe(0);
  });
});
