import type { Home } from '@twinclean/shared/homes';
import { formatDollars } from '@twinclean/shared/money';
import type { PricingConfig } from '@twinclean/shared/pricing-config';
import { Select } from '@twinclean/shared/ui/select';
import { Controller } from 'react-hook-form';
import { ZipWaitlist } from '../../components/service-area/waitlist-offer';
import type { ServedZips } from '../../components/service-area/zip-check';
import { digitsOnly, Field } from '../../components/ui/field';
import { Stepper } from '../../components/ui/stepper';
import { Switch } from '../../components/ui/switch';
import { AddOnsPicker } from './add-ons-picker';
import { HomeNotesFields, SavedHomeChoice } from './home-choice';
import { houseValuesOfHome } from './saved-homes';
import { type WizardForm, type WizardValues, wizardDefaults } from './wizard-state';

type Props = {
  form: WizardForm;
  pricing: PricingConfig | undefined;
  subscriber: boolean;
  /** A signed-in client's saved homes; null for a guest, who books without one. */
  homes: readonly Home[] | null;
  /** Whether the ZIP is served: its message under the field, and the waitlist when not. */
  area: ServedZips<WizardValues, 'zipCode'>;
};

const NEW_HOME_FIELDS = ['address', 'city', 'zipCode', 'parkingNotes', 'entryNotes'] as const;

const ZIP_LENGTH = 5;

export function PropertyStep({ form, pricing, subscriber, homes, area }: Props) {
  const { control, register } = form;
  const { errors } = form.formState;
  const zip = register('zipCode');
  const homeId = form.watch('homeId');
  // A saved home's address is the home's: its rooms and notes stay editable.
  const locked = Boolean(homeId);
  const choose = (home: Home | null) => {
    if (home) {
      for (const [name, value] of Object.entries(houseValuesOfHome(home))) {
        form.setValue(name as keyof ReturnType<typeof houseValuesOfHome>, value as never);
      }
    } else {
      form.setValue('homeId', null);
      for (const name of NEW_HOME_FIELDS) form.setValue(name, wizardDefaults[name] ?? '');
    }
    form.clearErrors(['address', 'city', 'zipCode']);
  };
  return (
    <div className="grid gap-6">
      {homes && homes.length > 0 && (
        <SavedHomeChoice homes={homes} homeId={homeId} onChoose={choose} />
      )}
      <fieldset className="grid gap-4">
        <legend className="mb-2 text-lg font-semibold">Address</legend>
        <Field
          label="Street address"
          autoComplete="street-address"
          required
          readOnly={locked}
          error={errors.address?.message}
          {...register('address')}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            label="City"
            autoComplete="address-level2"
            required
            readOnly={locked}
            error={errors.city?.message}
            {...register('city')}
          />
          <Controller
            control={control}
            name="state"
            render={({ field }) => (
              <Select
                label="State"
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                disabled={locked}
                options={[
                  { value: 'MN', label: 'MN' },
                  { value: 'OH', label: 'OH' },
                  { value: 'WA', label: 'WA' },
                ]}
              />
            )}
          />
          <Field
            label="ZIP code"
            inputMode="numeric"
            autoComplete="postal-code"
            required
            readOnly={locked}
            error={errors.zipCode?.message ?? area.messageOf('zipCode')}
            {...zip}
            onChange={digitsOnly(ZIP_LENGTH, zip.onChange)}
          />
        </div>
        <ZipWaitlist
          area={area}
          field="zipCode"
          email={form.watch('clientEmail')}
          serviceType="house"
        />
        {homes && (
          <HomeNotesFields
            parking={{ ...register('parkingNotes'), error: errors.parkingNotes?.message }}
            entry={{ ...register('entryNotes'), error: errors.entryNotes?.message }}
          />
        )}
      </fieldset>

      <fieldset className="grid gap-4">
        <legend className="mb-2 text-lg font-semibold">Your home</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          <Controller
            control={control}
            name="homeSize"
            render={({ field }) => (
              <Select
                label="Home size"
                name={field.name}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                options={[
                  { value: 'small', label: 'Small' },
                  { value: 'medium', label: 'Medium' },
                  { value: 'large', label: 'Large' },
                ]}
              />
            )}
          />
          <Field
            label="Square feet (optional)"
            type="number"
            min={100}
            max={10000}
            step={100}
            error={errors.squareFeet?.message}
            {...register('squareFeet')}
          />
          <Controller
            control={control}
            name="numberOfFloors"
            render={({ field }) => (
              <Select
                label="Floors"
                name={field.name}
                value={String(field.value)}
                onChange={(e) => field.onChange(e.target.value === '2' ? 2 : 1)}
                onBlur={field.onBlur}
                options={[
                  { value: '1', label: '1 floor' },
                  { value: '2', label: '2 floors' },
                ]}
              />
            )}
          />
        </div>
        <div className="grid gap-3 rounded-lg border p-4">
          {(
            [
              ['bedroomCount', 'Bedrooms', 6],
              ['fullBathroomCount', 'Full bathrooms', 5],
              ['halfBathroomCount', 'Half bathrooms', 3],
            ] as const
          ).map(([name, label, max]) => (
            <Controller
              key={name}
              control={control}
              name={name}
              render={({ field }) => (
                <Stepper label={label} value={field.value} max={max} onChange={field.onChange} />
              )}
            />
          ))}
          {(
            [
              ['hasKitchen', 'Kitchen'],
              ['hasLivingRoom', 'Living room'],
            ] as const
          ).map(([name, label]) => (
            <Controller
              key={name}
              control={control}
              name={name}
              render={({ field }) => (
                <Switch label={label} checked={field.value} onChange={field.onChange} />
              )}
            />
          ))}
          {/* The schema's "at least one room" rule reports on the bedroom count. */}
          {errors.bedroomCount?.message && (
            <p role="alert" className="text-xs text-red-700">
              {errors.bedroomCount.message}
            </p>
          )}
        </div>
        <Controller
          control={control}
          name="greenCleaning"
          render={({ field }) => (
            <Switch
              label="Green cleaning"
              description={
                pricing
                  ? `Eco-friendly products, +${formatDollars(pricing.greenCleaningFeeCents)}`
                  : 'Eco-friendly products'
              }
              checked={field.value}
              onChange={field.onChange}
            />
          )}
        />
      </fieldset>

      <Controller
        control={control}
        name="addOns"
        render={({ field }) => (
          <AddOnsPicker
            chosen={field.value ?? []}
            subscriber={subscriber}
            onChange={field.onChange}
          />
        )}
      />
    </div>
  );
}
