import type { BaseSyntheticEvent, ReactNode } from 'react';
import type { FieldValues, Path, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { digitsOnly, Field } from '../../components/ui/field';
import { LiveFieldset } from '../../components/ui/live-fieldset';
import { Switch } from '../../components/ui/switch';

// The parts the three special-service forms share. Each form names its own fields (the
// payloads differ: zipCode, pickupZipCode, pickupZip), so these take registered fields.

export type Registered = UseFormRegisterReturn & { error?: string };

/** A ZIP field's own message, else "We don't serve 55802 yet" while its ZIP is not served. */
export const withNotServed = (zip: Registered, notServed: string | undefined): Registered => ({
  ...zip,
  error: zip.error ?? notServed,
});

/** register() and the field's current message, ready to spread into a Field. */
export function fieldOf<T extends FieldValues>(
  form: UseFormReturn<T, unknown, unknown>,
  name: Path<T>,
  options?: Parameters<UseFormReturn<T>['register']>[1],
): Registered {
  return {
    ...form.register(name, options),
    error: form.getFieldState(name, form.formState).error?.message,
  };
}

export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid min-w-0 gap-4">
      <legend className="mb-2 text-lg font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

type ContactName = 'firstName' | 'lastName' | 'email' | 'phone';

export function ContactFields({ field }: { field: (name: ContactName) => Registered }) {
  return (
    <FormSection title="Contact information">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" autoComplete="given-name" required {...field('firstName')} />
        <Field label="Last name" autoComplete="family-name" required {...field('lastName')} />
        <Field label="Email" type="email" autoComplete="email" required {...field('email')} />
        <Field label="Phone" type="tel" autoComplete="tel" required {...field('phone')} />
      </div>
    </FormSection>
  );
}

const ZIP_LENGTH = 5;

/**
 * Street, city, the fixed state and ZIP. `prefix` names whose address it is in every label
 * ("Pickup city"), since a form may show two.
 */
export function AddressFields(props: {
  prefix?: string;
  address: Registered;
  city: Registered;
  state: Registered;
  zip: Registered;
  // Drop-off is a second address: the browser's autofill belongs to the first.
  autoComplete?: boolean;
  /** A saved home's address: shown, not edited (the home's own page changes it). */
  locked?: boolean;
}) {
  const label = (text: string) => (props.prefix ? `${props.prefix} ${text.toLowerCase()}` : text);
  const auto = (token: string) => (props.autoComplete === false ? 'off' : token);
  const { zip } = props;
  return (
    <>
      <Field
        label={props.prefix ? `${props.prefix} street address` : 'Street address'}
        autoComplete={auto('street-address')}
        required
        readOnly={props.locked}
        {...props.address}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          label={label('City')}
          autoComplete={auto('address-level2')}
          required
          readOnly={props.locked}
          {...props.city}
        />
        {/* The service area is the Twin Cities: the state is shown, not chosen. */}
        <Field label={label('State')} readOnly {...props.state} />
        <Field
          label={props.prefix ? `${props.prefix} ZIP code` : 'ZIP code'}
          inputMode="numeric"
          autoComplete={auto('postal-code')}
          required
          readOnly={props.locked}
          {...zip}
          onChange={digitsOnly(ZIP_LENGTH, zip.onChange)}
        />
      </div>
    </>
  );
}

/** The same-as-pickup switch, and the drop-off address only when it differs. */
export function DropoffFields(props: {
  same: boolean;
  onSameChange: (same: boolean) => void;
  address: Registered;
  city: Registered;
  state: Registered;
  zip: Registered;
  /** Under the drop-off address while it is shown (the waitlist, for a ZIP not served). */
  after?: ReactNode;
}) {
  const { same, onSameChange, after, ...fields } = props;
  return (
    <FormSection title="Dropoff address">
      <Switch
        label="Same as pickup address"
        description={same ? 'We bring everything back to your pickup address.' : undefined}
        checked={same}
        onChange={onSameChange}
      />
      {!same && <AddressFields prefix="Dropoff" autoComplete={false} {...fields} />}
      {!same && after}
    </FormSection>
  );
}

/**
 * A special-service page: its heading, then the form's fields, the live estimate and the
 * submit. On a phone the estimate comes between the fields and the button (it is what the
 * button commits to); on a wide screen it stays beside the fields.
 */
export function SpecialFormLayout(props: {
  title: string;
  lead: ReactNode;
  formLabel: string;
  onSubmit: (event?: BaseSyntheticEvent) => Promise<void>;
  fields: ReactNode;
  estimate: ReactNode;
  actions: ReactNode;
}) {
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">{props.title}</h1>
      <div className="mt-2 max-w-3xl text-slate-600">{props.lead}</div>
      <form onSubmit={props.onSubmit} noValidate aria-label={props.formLabel} className="mt-8">
        <LiveFieldset className="grid gap-8 lg:grid-cols-[1fr_20rem]">
          <div className="grid min-w-0 gap-8 lg:col-start-1">{props.fields}</div>
          <aside className="lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
            {props.estimate}
          </aside>
          <div className="grid gap-2 lg:col-start-1">{props.actions}</div>
        </LiveFieldset>
      </form>
    </section>
  );
}
