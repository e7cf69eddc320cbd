import { describe, expect, it } from 'vitest';
import { type HouseBookingInput, houseBookingSchema } from './bookings';

const booking: HouseBookingInput = {
  clientFirstName: 'Ada',
  clientLastName: 'Lovelace',
  clientEmail: 'Ada@Example.com',
  clientPhone: '612-555-0100',
  address: '1 Main St',
  city: 'Minneapolis',
  state: 'MN',
  zipCode: '55401',
  homeSize: 'medium',
  squareFeet: '',
  numberOfFloors: 1,
  bedroomCount: 0,
  fullBathroomCount: 0,
  halfBathroomCount: 0,
  hasKitchen: false,
  hasLivingRoom: false,
  greenCleaning: false,
  scheduledDate: '2026-12-01',
  scheduledTime: '09:00',
};
const NO_ROOMS = 'Please specify at least one room to clean';

const messagesAt = (input: unknown, field: string) =>
  (houseBookingSchema.safeParse(input).error?.issues ?? [])
    .filter((issue) => issue.path[0] === field)
    .map((issue) => issue.message);

describe('the house booking contract', () => {
  it('asks for at least one room, on the bedroom count', () => {
    expect(messagesAt(booking, 'bedroomCount')).toEqual([NO_ROOMS]);
    expect(houseBookingSchema.safeParse({ ...booking, hasKitchen: true }).success).toBe(true);
    expect(houseBookingSchema.safeParse({ ...booking, halfBathroomCount: 1 }).success).toBe(true);
  });

  it('checks the rooms even while other fields fail their type', () => {
    // The wizard validates rooms on its second step, before anything later is filled in.
    const early = { ...booking, scheduledDate: undefined, squareFeet: 'abc', state: '' };
    expect(messagesAt(early, 'bedroomCount')).toEqual([NO_ROOMS]);
    expect(messagesAt(early, 'scheduledDate')).toHaveLength(1);
  });

  it('does not judge the rooms while the room fields themselves are invalid', () => {
    expect(messagesAt({ ...booking, bedroomCount: 'three' }, 'bedroomCount')).not.toContain(
      NO_ROOMS,
    );
  });
});
