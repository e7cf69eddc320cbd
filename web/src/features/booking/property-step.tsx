import { formatDollars } from '@twinclean/shared/money';
import type { PricingConfig } from '@twinclean/shared/pricing';
import { Select } from '@twinclean/shared/ui/select';
import { Field } from '../../components/ui/field';
import { Stepper } from '../../components/ui/stepper';
import { Switch } from '../../components/ui/switch';
import { AddOnsPicker } from './add-ons-picker';
import type { WizardForm } from './wizard-state';

type Props = {
  form: WizardForm;
  update: (patch: Partial<WizardForm>) => void;
  pricing: PricingConfig | undefined;
  subscriber: boolean;
};

export function PropertyStep({ form, update, pricing, subscriber }: Props) {
  return (
    <div className="grid gap-6">
      <fieldset className="grid gap-4">
        <legend className="mb-2 text-lg font-semibold">Address</legend>
        <Field
          label="Street address"
          autoComplete="street-address"
          required
          value={form.address}
          onChange={(e) => update({ address: e.target.value })}
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            label="City"
            autoComplete="address-level2"
            required
            value={form.city}
            onChange={(e) => update({ city: e.target.value })}
          />
          <Select
            label="State"
            value={form.state}
            onChange={(e) => update({ state: e.target.value as WizardForm['state'] })}
            options={[
              { value: 'MN', label: 'MN' },
              { value: 'OH', label: 'OH' },
              { value: 'WA', label: 'WA' },
            ]}
          />
          <Field
            label="ZIP code"
            inputMode="numeric"
            autoComplete="postal-code"
            required
            value={form.zipCode}
            onChange={(e) => update({ zipCode: e.target.value.replace(/\D/g, '').slice(0, 5) })}
          />
        </div>
      </fieldset>

      <fieldset className="grid gap-4">
        <legend className="mb-2 text-lg font-semibold">Your home</legend>
        <div className="grid gap-4 sm:grid-cols-3">
          <Select
            label="Home size"
            value={form.homeSize}
            onChange={(e) => update({ homeSize: e.target.value as WizardForm['homeSize'] })}
            options={[
              { value: 'small', label: 'Small' },
              { value: 'medium', label: 'Medium' },
              { value: 'large', label: 'Large' },
            ]}
          />
          <Field
            label="Square feet (optional)"
            type="number"
            min={100}
            max={10000}
            step={100}
            value={form.squareFeet}
            onChange={(e) => update({ squareFeet: e.target.value })}
          />
          <Select
            label="Floors"
            value={String(form.numberOfFloors)}
            onChange={(e) => update({ numberOfFloors: e.target.value === '2' ? 2 : 1 })}
            options={[
              { value: '1', label: '1 floor' },
              { value: '2', label: '2 floors' },
            ]}
          />
        </div>
        <div className="grid gap-3 rounded-lg border p-4">
          <Stepper
            label="Bedrooms"
            value={form.bedroomCount}
            max={6}
            onChange={(v) => update({ bedroomCount: v })}
          />
          <Stepper
            label="Full bathrooms"
            value={form.fullBathroomCount}
            max={5}
            onChange={(v) => update({ fullBathroomCount: v })}
          />
          <Stepper
            label="Half bathrooms"
            value={form.halfBathroomCount}
            max={3}
            onChange={(v) => update({ halfBathroomCount: v })}
          />
          <Switch
            label="Kitchen"
            checked={form.hasKitchen}
            onChange={(v) => update({ hasKitchen: v })}
          />
          <Switch
            label="Living room"
            checked={form.hasLivingRoom}
            onChange={(v) => update({ hasLivingRoom: v })}
          />
        </div>
        <Switch
          label="Green cleaning"
          description={
            pricing
              ? `Eco-friendly products, +${formatDollars(pricing.greenCleaningFeeCents)}`
              : 'Eco-friendly products'
          }
          checked={form.greenCleaning}
          onChange={(v) => update({ greenCleaning: v })}
        />
      </fieldset>

      <AddOnsPicker
        quantities={form.addOns}
        subscriber={subscriber}
        onChange={(addOns) => update({ addOns })}
      />
    </div>
  );
}
