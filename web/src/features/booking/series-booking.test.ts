import { zodResolver } from '@hookform/resolvers/zod';
import { houseBookingSchema } from '@twinclean/shared/bookings';
import type { Home } from '@twinclean/shared/homes';
import { laundryBookingSchema } from '@twinclean/shared/special-bookings';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearDraft, loadDraft, saveDraft } from './form-draft';
import { repetitionText } from './repetition';
import { houseValuesOfHome, laundryValuesOfHome } from './saved-homes';
import { laundryDefaults } from './special-state';
import { STEP_FIELDS, stepOf, type WizardValues, wizardDefaults } from './wizard-state';

const home: Home = {
  id: '7b0d7c39-5a44-4c5e-8f55-3a8f3f1f0a11',
  label: 'Lake house',
  address: '12 Oak St',
  city: 'Minneapolis',
  state: 'MN',
  zipCode: '55401',
  rooms: {
    homeSize: 'large',
    squareFeet: 2400,
    numberOfFloors: 2,
    bedroomCount: 4,
    fullBathroomCount: 3,
    halfBathroomCount: 1,
    hasKitchen: true,
    hasLivingRoom: false,
  },
  hasPets: false,
  petDetails: '',
  parkingNotes: 'Driveway',
  entryNotes: 'Lockbox 4321',
  activeSeriesCount: 0,
};

const contact = {
  clientFirstName: 'Ada',
  clientLastName: 'Lovelace',
  clientEmail: 'ada@example.com',
  clientPhone: '612-555-0100',
  scheduledDate: '2026-12-01',
  scheduledTime: '09:00',
};

/** What the wizard's Confirm sends: the form's resolver output for these values. */
async function payloadOf(values: WizardValues) {
  const resolved = await zodResolver(houseBookingSchema)(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  expect(resolved.errors).toEqual({});
  return resolved.values;
}

describe('the wizard with a saved home and a frequency', () => {
  it('asks the home on the property step and "How often?" on the schedule step', () => {
    expect(stepOf(['homeId'])).toBe(1);
    expect(stepOf(['entryNotes'])).toBe(1);
    expect(stepOf(['frequency'])).toBe(2);
    expect(STEP_FIELDS[2]).toContain('frequency');
    expect(wizardDefaults.frequency).toBe('once');
  });

  it('sends a chosen saved home with its address, rooms, notes and the frequency', async () => {
    const values = { ...wizardDefaults, ...contact, ...houseValuesOfHome(home) };
    const payload = await payloadOf({ ...values, frequency: 'biweekly', bedroomCount: 2 });
    expect(payload).toMatchObject({
      homeId: home.id,
      address: '12 Oak St',
      zipCode: '55401',
      homeSize: 'large',
      squareFeet: 2400,
      numberOfFloors: 2,
      // The rooms stay editable: the client's change is what is sent.
      bedroomCount: 2,
      hasLivingRoom: false,
      parkingNotes: 'Driveway',
      entryNotes: 'Lockbox 4321',
      frequency: 'biweekly',
    });
  });

  it('sends a new home with no id and its typed entry notes', async () => {
    const payload = await payloadOf({
      ...wizardDefaults,
      ...contact,
      address: '5 Elm Ave',
      city: 'St Paul',
      zipCode: '55102',
      entryNotes: '  Key under the blue pot  ',
      frequency: 'weekly',
    });
    expect(payload).toMatchObject({
      homeId: null,
      address: '5 Elm Ave',
      entryNotes: 'Key under the blue pot',
      frequency: 'weekly',
    });
  });

  it('fills the laundry pickup address from a saved home', async () => {
    const values = {
      ...laundryDefaults,
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '612-555-0100',
      scheduledDate: '2026-12-01',
      scheduledTime: '09:00',
      ...laundryValuesOfHome(home),
      frequency: 'every_4_weeks' as const,
    };
    const parsed = laundryBookingSchema.safeParse(values);
    expect(parsed.success).toBe(true);
    expect(parsed.data).toMatchObject({
      homeId: home.id,
      pickupAddress: '12 Oak St',
      pickupZipCode: '55401',
      entryNotes: 'Lockbox 4321',
      frequency: 'every_4_weeks',
    });
  });

  it('says how a series repeats, and nothing for one time', () => {
    expect(repetitionText('biweekly', '2026-12-01', '09:00')).toBe(
      'Every 2 weeks on Tuesdays at 9:00 AM',
    );
    expect(repetitionText('weekly', '2026-12-05', '14:00')).toBe(
      'Every week on Saturdays at 2:00 PM',
    );
    expect(repetitionText('once', '2026-12-01', '09:00')).toBeNull();
    expect(repetitionText('biweekly', '2026-12-01', '')).toBeNull();
  });
});

/** The browser's session storage, as a page has it (tests run in node). */
class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

describe('the draft kept while the client adds a card', () => {
  const ada = 'a0000000-0000-4000-8000-000000000001';
  const values = {
    ...wizardDefaults,
    ...contact,
    ...houseValuesOfHome(home),
    frequency: 'biweekly' as const,
  };
  beforeEach(() => {
    Object.assign(globalThis, { window: { sessionStorage: new MemoryStorage() } });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'window');
  });

  it('gives back the frequency, the home and the step', () => {
    saveDraft('house', { owner: ada, step: 2, values });
    const back = loadDraft('house', ada, wizardDefaults);
    expect(back.step).toBe(2);
    expect(back.values).toMatchObject({ frequency: 'biweekly', homeId: home.id });
  });

  it("never gives one user's draft to another, and forgets it once booked", () => {
    saveDraft('house', { owner: ada, step: 2, values });
    const other = loadDraft('house', 'b0000000-0000-4000-8000-000000000002', wizardDefaults);
    expect(other).toEqual({ values: wizardDefaults, step: 0 });
    // Found by someone else, it is gone (its entry notes with it), even for its owner.
    expect(loadDraft('house', ada, wizardDefaults).values).toBe(wizardDefaults);
    saveDraft('house', { owner: ada, step: 2, values });
    expect(loadDraft('house', null, wizardDefaults).values).toBe(wizardDefaults);
    saveDraft('house', { owner: ada, step: 2, values });
    clearDraft('house');
    expect(loadDraft('house', ada, wizardDefaults).values).toBe(wizardDefaults);
  });

  it("lets a guest's draft follow the guest into signing in", () => {
    saveDraft('house', { owner: null, step: 1, values: { ...values, frequency: 'once' } });
    expect(loadDraft('house', ada, wizardDefaults)).toMatchObject({
      step: 1,
      values: { address: '12 Oak St' },
    });
  });
});
