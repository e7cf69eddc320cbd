import { zodResolver } from '@hookform/resolvers/zod';
import type { CurrentUser } from '@twinclean/shared/auth';
import { houseBookingSchema } from '@twinclean/shared/bookings';
import { describe, expect, it } from 'vitest';
import {
  contactPrefill,
  STEP_FIELDS,
  stepOf,
  stepToast,
  type WizardField,
  type WizardValues,
  withQuantity,
  wizardDefaults,
} from './wizard-state';

const filled: WizardValues = {
  ...wizardDefaults,
  clientFirstName: 'Ada',
  clientLastName: 'Lovelace',
  clientEmail: 'ada@example.com',
  clientPhone: '612-555-0100',
  address: '1 Main St',
  city: 'Minneapolis',
  zipCode: '55401',
  scheduledDate: '2026-12-01',
  scheduledTime: '09:00',
  addOns: [{ id: 'inside-oven', quantity: 1 }],
};

/** What the wizard's Continue sees: the form's resolver run on these values. */
async function invalidFields(values: WizardValues): Promise<Set<string>> {
  const resolve = zodResolver(houseBookingSchema);
  const { errors } = await resolve(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  return new Set(Object.keys(errors));
}

async function toastFor(step: number, values: WizardValues) {
  const invalid = await invalidFields(values);
  return stepToast(step, (field) => invalid.has(field));
}

const noRooms = {
  bedroomCount: 0,
  fullBathroomCount: 0,
  halfBathroomCount: 0,
  hasKitchen: false,
  hasLivingRoom: false,
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

  it('asks every field of the payload on exactly one step (notes and pets are not asked)', () => {
    const asked = STEP_FIELDS.flat();
    expect(new Set(asked).size).toBe(asked.length);
    // The referral code is the link's the visitor came by, never typed.
    const notAsked = ['clientNotes', 'hasPets', 'petDetails', 'referralCode'];
    expect([...asked].sort()).toEqual(
      Object.keys(houseBookingSchema.shape)
        .filter((field) => !notAsked.includes(field))
        .sort(),
    );
  });

  it('lets a filled form through every step', async () => {
    expect(await invalidFields(filled)).toEqual(new Set());
    for (const step of [0, 1, 2, 3]) expect(await toastFor(step, filled)).toBeNull();
  });

  it('stops the contact step with the spec toast for a blank or invalid contact field', async () => {
    const missing = {
      title: 'Missing Information',
      description: 'Please fill in all contact fields',
    };
    expect(await toastFor(0, { ...filled, clientPhone: ' ' })).toEqual(missing);
    expect(await toastFor(0, { ...filled, clientEmail: 'ada@' })).toEqual(missing);
    // Later steps' problems are not the contact step's.
    expect(await toastFor(0, { ...filled, city: '', scheduledTime: '' })).toBeNull();
  });

  it('stops the property step on the address first, then on the rooms', async () => {
    const address = { title: 'Missing Address', description: 'Please fill in complete address' };
    expect(await toastFor(1, { ...filled, city: '' })).toEqual(address);
    expect(await toastFor(1, { ...filled, zipCode: '554' })).toEqual(address);
    expect(await toastFor(1, { ...filled, city: '', ...noRooms })).toEqual(address);
    // As on the real step: the schedule is still empty when the rooms are checked.
    const early = { ...filled, ...noRooms, scheduledDate: '', scheduledTime: '' };
    expect(await toastFor(1, early)).toEqual({
      title: 'Select Rooms',
      description: 'Please specify at least one room to clean',
    });
    expect(await toastFor(1, { ...early, hasKitchen: true })).toBeNull();
  });

  it('leaves a problem outside the spec groups to its own message', async () => {
    const odd = { ...filled, squareFeet: '150' };
    expect(await invalidFields(odd)).toEqual(new Set(['squareFeet']));
    expect(await toastFor(1, odd)).toBeNull();
  });

  it('stops the schedule step until a date and a time are chosen', async () => {
    const schedule = {
      title: 'Select Date & Time',
      description: 'Please select a preferred date and time',
    };
    expect(await toastFor(2, { ...filled, scheduledTime: '' })).toEqual(schedule);
    expect(await toastFor(2, { ...filled, scheduledDate: '' })).toEqual(schedule);
  });

  it('finds the step that asks for a field', () => {
    expect(stepOf(['scheduledTime'])).toBe(2);
    expect(stepOf(['city', 'clientEmail'])).toBe(0);
    expect(stepOf(['addOns'])).toBe(1);
    expect(stepOf([] as WizardField[])).toBe(-1);
  });
});

describe('prefill from the signed-in user', () => {
  const user: CurrentUser = {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'priya@example.com',
    firstName: 'Priya',
    lastName: 'Shah',
    phone: null,
    role: 'client',
    subscriptionType: 'standard',
  };

  it('fills only what is empty, and nothing the account lacks', () => {
    expect(contactPrefill({ ...wizardDefaults, clientFirstName: 'Pri' }, user)).toEqual({
      clientLastName: 'Shah',
      clientEmail: 'priya@example.com',
    });
    expect(contactPrefill(wizardDefaults, null)).toEqual({});
  });
});

describe('add-on quantities', () => {
  it('adds, updates and drops add-ons, keeping their order', () => {
    const one = withQuantity([], 'oven', 1);
    const two = withQuantity(one, 'windows', 2);
    expect(withQuantity(two, 'oven', 3)).toEqual([
      { id: 'oven', quantity: 3 },
      { id: 'windows', quantity: 2 },
    ]);
    expect(withQuantity(two, 'oven', 0)).toEqual([{ id: 'windows', quantity: 2 }]);
  });
});
