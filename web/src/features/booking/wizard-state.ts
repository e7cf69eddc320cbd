import type { HouseBookingInput } from '@twinclean/shared/bookings';
import { defaultHouseRooms } from '@twinclean/shared/pricing';

export type WizardForm = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: 'MN' | 'OH' | 'WA';
  zipCode: string;
  homeSize: 'small' | 'medium' | 'large';
  squareFeet: string;
  numberOfFloors: 1 | 2;
  bedroomCount: number;
  fullBathroomCount: number;
  halfBathroomCount: number;
  hasKitchen: boolean;
  hasLivingRoom: boolean;
  greenCleaning: boolean;
  scheduledDate: string;
  scheduledTime: string;
  addOns: Record<string, number>;
};

/** Spec 1 §3 wizard defaults. */
export const wizardDefaults: WizardForm = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  city: '',
  state: 'MN',
  zipCode: '',
  homeSize: 'medium',
  squareFeet: '',
  ...defaultHouseRooms,
  greenCleaning: false,
  scheduledDate: '',
  scheduledTime: '',
  addOns: {},
};

export const STEPS = ['Contact', 'Property & Services', 'Schedule', 'Review'] as const;

/** The spec's toast for the first thing missing on a step, or null when it may go on. */
export function stepProblem(
  step: number,
  form: WizardForm,
): { title: string; description: string } | null {
  const blank = (...values: string[]) => values.some((v) => !v.trim());
  if (step === 0 && blank(form.firstName, form.lastName, form.email, form.phone)) {
    return { title: 'Missing Information', description: 'Please fill in all contact fields' };
  }
  if (step === 1) {
    if (blank(form.address, form.city, form.zipCode)) {
      return { title: 'Missing Address', description: 'Please fill in complete address' };
    }
    const rooms = form.bedroomCount + form.fullBathroomCount + form.halfBathroomCount;
    if (rooms === 0 && !form.hasKitchen && !form.hasLivingRoom) {
      return { title: 'Select Rooms', description: 'Please specify at least one room to clean' };
    }
  }
  if (step === 2 && blank(form.scheduledDate, form.scheduledTime)) {
    return { title: 'Select Date & Time', description: 'Please select a preferred date and time' };
  }
  return null;
}

/** The POST /api/bookings payload; the server prices it again from these facts. */
export function toPayload(form: WizardForm): HouseBookingInput {
  return {
    clientFirstName: form.firstName,
    clientLastName: form.lastName,
    clientEmail: form.email,
    clientPhone: form.phone,
    address: form.address,
    city: form.city,
    state: form.state,
    zipCode: form.zipCode,
    homeSize: form.homeSize,
    squareFeet: form.squareFeet,
    numberOfFloors: form.numberOfFloors,
    bedroomCount: form.bedroomCount,
    fullBathroomCount: form.fullBathroomCount,
    halfBathroomCount: form.halfBathroomCount,
    hasKitchen: form.hasKitchen,
    hasLivingRoom: form.hasLivingRoom,
    greenCleaning: form.greenCleaning,
    scheduledDate: form.scheduledDate,
    scheduledTime: form.scheduledTime,
    clientNotes: '',
    hasPets: false,
    petDetails: '',
    addOns: Object.entries(form.addOns)
      .filter(([, quantity]) => quantity > 0)
      .map(([id, quantity]) => ({ id, quantity })),
  };
}
