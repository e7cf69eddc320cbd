import type { Home } from '@twinclean/shared/homes';
import type { LaundryBooking, LaundryBookingInput } from '@twinclean/shared/special-bookings';
import type { UseFormReturn } from 'react-hook-form';
import { HomeNotesFields, SavedHomeChoice } from './home-choice';
import { laundryValuesOfHome } from './saved-homes';
import { fieldOf } from './special-fields';
import { LAUNDRY_DROPOFF, laundryDefaults } from './special-state';

type LaundryForm = UseFormReturn<LaundryBookingInput, unknown, LaundryBooking>;

const PICKUP = ['pickupAddress', 'pickupCity', 'pickupZipCode'] as const;

/** Choosing a saved home fills the pickup address (and drop-off, while it is the same). */
export function chooseLaundryHome(form: LaundryForm, home: Home | null) {
  const values = home
    ? laundryValuesOfHome(home)
    : {
        homeId: null,
        ...Object.fromEntries(PICKUP.map((name) => [name, laundryDefaults[name]])),
        parkingNotes: '',
        entryNotes: '',
      };
  for (const [name, value] of Object.entries(values)) {
    form.setValue(name as keyof LaundryBookingInput, value as never);
  }
  if (form.getValues('sameAsPickup')) {
    for (const from of Object.keys(LAUNDRY_DROPOFF) as (keyof typeof LAUNDRY_DROPOFF)[]) {
      form.setValue(LAUNDRY_DROPOFF[from], form.getValues(from));
    }
  }
  form.clearErrors([...PICKUP]);
}

/** A signed-in client's saved homes (when there are any) above the pickup address. */
export function LaundryHomeChoice(props: { form: LaundryForm; homes: readonly Home[] | null }) {
  const { form, homes } = props;
  if (!homes || homes.length === 0) return null;
  return (
    <SavedHomeChoice
      homes={homes}
      homeId={form.watch('homeId')}
      onChoose={(home) => chooseLaundryHome(form, home)}
    />
  );
}

/** The pickup home's parking and entry notes: a signed-in client's only. */
export function LaundryHomeNotes(props: { form: LaundryForm; show: boolean }) {
  if (!props.show) return null;
  return (
    <HomeNotesFields
      parking={fieldOf(props.form, 'parkingNotes')}
      entry={fieldOf(props.form, 'entryNotes')}
    />
  );
}
