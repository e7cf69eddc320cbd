import { zodResolver } from '@hookform/resolvers/zod';
import { formatDollars } from '@twinclean/shared/money';
import { isSubscriber } from '@twinclean/shared/roles';
import { formatDate, formatSlot } from '@twinclean/shared/schedule';
import { FREQUENCY_LABELS } from '@twinclean/shared/series';
import {
  LAUNDRY_LOADS,
  type LaundryBooking,
  type LaundryBookingInput,
  laundryBookingSchema,
} from '@twinclean/shared/special-bookings';
import { Button } from '@twinclean/shared/ui/button';
import { type ChangeEvent, useEffect, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { usePageMeta } from '../../components/page-meta';
import { ZipWaitlist } from '../../components/service-area/waitlist-offer';
import { useServedZips } from '../../components/service-area/zip-check';
import { CountField } from '../../components/ui/count-field';
import { Switch } from '../../components/ui/switch';
import { usePricing } from '../../lib/catalog';
import { useCurrentUser } from '../../lib/session';
import { CheckoutCodes, useCheckoutCodes } from './checkout-codes';
import { clearDraft, loadDraft, useKeepDraft } from './form-draft';
import { HowOften } from './how-often';
import { LaundryHomeChoice, LaundryHomeNotes } from './laundry-home';
import { laundryPrice } from './laundry-price';
import { repetitionText, SERIES_CHARGE_NOTE } from './repetition';
import { useSavedHomes } from './saved-homes';
import { ScheduleStep } from './schedule-step';
import { useSeriesTerms } from './series-terms';
import {
  AddressFields,
  ContactFields,
  DropoffFields,
  FormSection,
  fieldOf,
  SpecialFormLayout,
  withNotServed,
} from './special-fields';
import { LAUNDRY_CHECKS, LAUNDRY_DROPOFF, laundryDefaults } from './special-state';
import { useContactPrefill, useSpecialSubmit } from './special-submit';
import {
  ActionLink,
  bookedPrice,
  counted,
  depositEstimate,
  EstimateCard,
  NextStep,
  SuccessScreen,
} from './special-summary';
import '@twinclean/shared/zod-english';

const TURNAROUND = 'Typical turnaround is 24-48 hours.';
const DRAFT = 'laundry';

const ZIP_FIELDS = ['pickupZipCode', 'dropoffZipCode'] as const;
/** /book/laundry (spec 2 "Laundry booking form"). */
export function LaundryBookingPage() {
  usePageMeta(
    'Book Laundry Pickup & Delivery | TwinClean Minneapolis & St Paul',
    'Laundry picked up, washed, dried, folded and brought back in Minneapolis or St Paul. Priced per load, booked online.',
  );
  const owner = useCurrentUser().data?.id ?? null;
  // Back from adding a card (or from signing in), the form holds what was typed.
  const [draft] = useState(() => loadDraft(DRAFT, owner, laundryDefaults));
  const form = useForm<LaundryBookingInput, unknown, LaundryBooking>({
    resolver: zodResolver(laundryBookingSchema),
    defaultValues: draft.values,
  });
  const user = useContactPrefill(form);
  useKeepDraft(DRAFT, form, owner);
  const client = user?.role === 'client';
  const homes = useSavedHomes(user).data;
  const terms = useSeriesTerms(user);
  const subscription = user?.subscriptionType ?? 'none';
  const pricing = usePricing().data;
  const area = useServedZips(form, ZIP_FIELDS);
  const offer = (zip: (typeof ZIP_FIELDS)[number]) => (
    <ZipWaitlist area={area} field={zip} email={form.watch('email')} serviceType="laundry" />
  );
  const codes = useCheckoutCodes((name, value) => form.setValue(name, value));
  const { submit, pending, created } = useSpecialSubmit({
    service: 'laundry',
    form,
    area,
    checks: LAUNDRY_CHECKS,
    showCodeRefusal: codes.showRefusal,
  });
  // Booked: nothing left to come back to.
  useEffect(() => {
    if (created) clearDraft(DRAFT);
  }, [created]);
  const [same = true, numberOfLoads = 0, greenCleaning = false, homeId, frequency = 'once'] =
    useWatch({
      control: form.control,
      name: ['sameAsPickup', 'numberOfLoads', 'greenCleaning', 'homeId', 'frequency'],
    });
  const price = pricing
    ? laundryPrice(
        { numberOfLoads, greenCleaning, frequency },
        pricing,
        subscription,
        codes.code.applied,
        codes.balances,
      )
    : undefined;
  const field = (name: keyof LaundryBookingInput) => fieldOf(form, name);
  // While drop-off is the pickup address, each pickup edit is copied to it (spec 2 §5).
  const pickup = (name: keyof typeof LAUNDRY_DROPOFF) =>
    fieldOf(form, name, {
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        if (form.getValues('sameAsPickup'))
          form.setValue(LAUNDRY_DROPOFF[name], event.target.value);
      },
    });
  const setSame = (on: boolean) => {
    form.setValue('sameAsPickup', on);
    if (!on) return;
    for (const from of Object.keys(LAUNDRY_DROPOFF) as (keyof typeof LAUNDRY_DROPOFF)[]) {
      form.setValue(LAUNDRY_DROPOFF[from], form.getValues(from));
    }
    form.clearErrors(Object.values(LAUNDRY_DROPOFF));
  };

  if (created) {
    const { sent, booking } = created;
    const booked = bookedPrice(booking, pricing);
    const repeats = repetitionText(sent.frequency, sent.scheduledDate, sent.scheduledTime);
    return (
      <SuccessScreen
        booking={booking}
        email={sent.email}
        actions={
          <>
            <ActionLink to="/" primary>
              Back to Home
            </ActionLink>
            <ActionLink to="/services">View Services</ActionLink>
          </>
        }
      >
        <NextStep title="Pickup">
          {formatDate(sent.scheduledDate)} at {formatSlot(sent.scheduledTime)} from{' '}
          {sent.pickupAddress}, {sent.pickupCity}. {TURNAROUND}
        </NextStep>
        <NextStep title="Payment">
          {booked.total} for {counted(sent.numberOfLoads, 'load')}.{' '}
          {repeats ? SERIES_CHARGE_NOTE : booked.deposit}
        </NextStep>
        {repeats && booking.seriesId && sent.frequency !== 'once' && (
          <NextStep title="Recurring pickup">
            Your recurring pickup is set: {FREQUENCY_LABELS[sent.frequency].toLowerCase()} (
            {repeats}). <ActionLink to="/client">See your next pickups</ActionLink>
          </NextStep>
        )}
      </SuccessScreen>
    );
  }

  return (
    <SpecialFormLayout
      title="Book laundry pickup"
      lead={<p>We pick up, wash, dry, fold and bring it back. {TURNAROUND}</p>}
      formLabel="Laundry booking"
      onSubmit={submit}
      fields={
        <>
          <ContactFields field={field} />
          <LaundryHomeChoice form={form} homes={client ? (homes ?? []) : null} />
          <FormSection title="Pickup address">
            <AddressFields
              prefix="Pickup"
              locked={Boolean(homeId)}
              address={pickup('pickupAddress')}
              city={pickup('pickupCity')}
              state={field('pickupState')}
              zip={withNotServed(pickup('pickupZipCode'), area.messageOf('pickupZipCode'))}
            />
            {offer('pickupZipCode')}
            <LaundryHomeNotes form={form} show={client} />
          </FormSection>
          <DropoffFields
            same={same}
            onSameChange={setSame}
            address={field('dropoffAddress')}
            city={field('dropoffCity')}
            state={field('dropoffState')}
            zip={withNotServed(field('dropoffZipCode'), area.messageOf('dropoffZipCode'))}
            after={offer('dropoffZipCode')}
          />
          <FormSection title="Your laundry">
            <Controller
              control={form.control}
              name="numberOfLoads"
              render={({ field: loads, fieldState }) => (
                <CountField
                  label="Number of loads"
                  min={LAUNDRY_LOADS.min}
                  max={LAUNDRY_LOADS.max}
                  value={loads.value}
                  onChange={loads.onChange}
                  onBlur={loads.onBlur}
                  name={loads.name}
                  inputRef={loads.ref}
                  hint={`${LAUNDRY_LOADS.min} to ${LAUNDRY_LOADS.max} loads. ${TURNAROUND}`}
                  error={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="greenCleaning"
              render={({ field: green }) => (
                <Switch
                  label="Eco-friendly detergent"
                  description={
                    pricing
                      ? `Plant-based and fragrance-free, +${formatDollars(pricing.greenCleaningFeeCents)}`
                      : 'Plant-based and fragrance-free'
                  }
                  checked={green.value ?? false}
                  onChange={green.onChange}
                />
              )}
            />
          </FormSection>
          <FormSection title="Pickup schedule">
            <ScheduleStep form={form} dateLabel="Pickup date" timeLabel="Pickup time" />
            <HowOften
              value={frequency}
              onChange={(next) => form.setValue('frequency', next, { shouldValidate: true })}
              signedIn={client}
              member={isSubscriber(subscription)}
              discountPercent={terms.discountPercent}
              cardMissing={terms.cardMissing}
              returnTo="/book/laundry"
              error={form.formState.errors.frequency?.message}
            />
          </FormSection>
        </>
      }
      estimate={
        <EstimateCard title="Your estimate" rows={price?.rows} total={price?.total}>
          <CheckoutCodes codes={codes} serviceType="laundry" />
          {price && pricing && (
            <p>
              {frequency === 'once'
                ? depositEstimate(price.deposit, pricing, subscription, price.prepaid)
                : SERIES_CHARGE_NOTE}
            </p>
          )}
        </EstimateCard>
      }
      actions={
        <Button type="submit" disabled={pending}>
          {pending ? 'Submitting...' : 'Book Laundry Pickup'}
        </Button>
      }
    />
  );
}
