import { houseBookingSchema } from '@twinclean/shared/bookings';
import { describe, expect, it } from 'vitest';
import { stepProblem, toPayload, type WizardForm, wizardDefaults } from './wizard-state';

const filled: WizardForm = {
  ...wizardDefaults,
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  phone: '612-555-0100',
  address: '1 Main St',
  city: 'Minneapolis',
  zipCode: '55401',
  scheduledDate: '2026-12-01',
  scheduledTime: '09:00',
  addOns: { 'inside-oven': 1, 'window-cleaning': 0 },
};

describe('wizard steps', () => {
  it('starts from the spec defaults', () => {
    expect(wizardDefaults).toMatchObject({
      state: 'MN',
      homeSize: 'medium',
      numberOfFloors: 1,
      squareFeet: '',
      bedroomCount: 3,
      fullBathroomCount: 2,
      halfBathroomCount: 0,
      hasKitchen: true,
      hasLivingRoom: true,
      greenCleaning: false,
    });
  });

  it('stops each step with the spec message for what is missing', () => {
    expect(stepProblem(0, { ...filled, phone: ' ' })).toEqual({
      title: 'Missing Information',
      description: 'Please fill in all contact fields',
    });
    expect(stepProblem(1, { ...filled, city: '' })).toEqual({
      title: 'Missing Address',
      description: 'Please fill in complete address',
    });
    const noRooms = {
      ...filled,
      bedroomCount: 0,
      fullBathroomCount: 0,
      hasKitchen: false,
      hasLivingRoom: false,
    };
    expect(stepProblem(1, noRooms)?.title).toBe('Select Rooms');
    expect(stepProblem(2, { ...filled, scheduledTime: '' })).toEqual({
      title: 'Select Date & Time',
      description: 'Please select a preferred date and time',
    });
    expect([0, 1, 2, 3].map((step) => stepProblem(step, filled))).toEqual([null, null, null, null]);
  });

  it('builds a payload the server schema accepts, without zero-quantity add-ons', () => {
    const payload = houseBookingSchema.parse(toPayload(filled));
    expect(payload.addOns).toEqual([{ id: 'inside-oven', quantity: 1 }]);
    expect(payload.squareFeet).toBeNull();
  });
});
