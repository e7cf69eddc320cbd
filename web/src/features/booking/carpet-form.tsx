import { zodResolver } from '@hookform/resolvers/zod';
import type { DiscountTerms } from '@twinclean/shared/discount-codes';
import { formatDollars } from '@twinclean/shared/money';
import { depositCents, estimateCarpet } from '@twinclean/shared/pricing';
import type { PricingConfig } from '@twinclean/shared/pricing-config';
import type { SubscriptionType } from '@twinclean/shared/roles';
import { formatDate, formatSlot } from '@twinclean/shared/schedule';
import {
  CARPET_LIMITS,
  type CarpetBooking,
  type CarpetBookingInput,
  carpetBookingSchema,
} from '@twinclean/shared/special-bookings';
import { Button } from '@twinclean/shared/ui/button';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { usePageMeta } from '../../components/page-meta';
import { ZipWaitlist } from '../../components/service-area/waitlist-offer';
import { useServedZips } from '../../components/service-area/zip-check';
import { CountField } from '../../components/ui/count-field';
import { Switch } from '../../components/ui/switch';
import { usePricing } from '../../lib/catalog';
import { CheckoutCodes, useCheckoutCodes } from './checkout-codes';
import { withCode } from './discount';
import { type Balances, summaryWithBalances, withBalances } from './prepaid';
import { ScheduleStep } from './schedule-step';
import {
  AddressFields,
  ContactFields,
  FormSection,
  fieldOf,
  SpecialFormLayout,
  withNotServed,
} from './special-fields';
import { CARPET_CHECKS, carpetDefaults } from './special-state';
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

type Rooms = Pick<CarpetBooking, 'bedrooms' | 'livingRooms' | 'stairs' | 'greenCleaning'>;

/** The price lines of a carpet order, from the same function the server prices it with. */
function carpetPrice(
  rooms: Rooms,
  pricing: PricingConfig,
  subscription: SubscriptionType,
  code: DiscountTerms | null,
  balances: Balances,
) {
  const estimate = estimateCarpet(rooms, pricing);
  const coded = withCode(estimate.totalAmountCents, code);
  const paid = withBalances(coded.totalCents, balances, (total) =>
    depositCents(total, subscription, pricing),
  );
  const line = (label: string, count: number, cents: number) => ({
    label: `${label} (${count} × ${formatDollars(cents)})`,
    value: formatDollars(count * cents),
  });
  const rows = [
    line('Bedrooms', rooms.bedrooms, pricing.carpetBedroomCents),
    line('Living rooms', rooms.livingRooms, pricing.carpetLivingRoomCents),
    line('Stairs', rooms.stairs, pricing.carpetStaircaseCents),
    { label: 'Green cleaning', value: formatDollars(estimate.greenCleaningFeeCents) },
    ...(coded.row ? [coded.row] : []),
  ];
  const total = { label: 'Estimated total', value: formatDollars(coded.totalCents) };
  // `prepaid`: credit or a gift card pay part of it, so the deposit is of what is left.
  return {
    ...summaryWithBalances(rows, total, paid),
    deposit: paid.depositCents,
    prepaid: paid.payRow !== null,
  };
}

const ZIP_FIELDS = ['zipCode'] as const;

const COUNTS = [
  ['bedrooms', 'Bedrooms', CARPET_LIMITS.bedrooms],
  ['livingRooms', 'Living rooms', CARPET_LIMITS.livingRooms],
  ['stairs', 'Stairs', CARPET_LIMITS.stairs],
] as const;

/** /book/carpet (spec 2 "Carpet booking form"). */
export function CarpetBookingPage() {
  usePageMeta(
    'Book Carpet Cleaning | TwinClean Minneapolis & St Paul',
    'Book carpet cleaning in Minneapolis or St Paul online, priced per bedroom, living room and staircase, with a live estimate.',
  );
  const form = useForm<CarpetBookingInput, unknown, CarpetBooking>({
    resolver: zodResolver(carpetBookingSchema),
    defaultValues: carpetDefaults,
  });
  const user = useContactPrefill(form);
  const subscription = user?.subscriptionType ?? 'none';
  const pricing = usePricing().data;
  const area = useServedZips(form, ZIP_FIELDS);
  const codes = useCheckoutCodes((name, value) => form.setValue(name, value));
  const { submit, pending, created } = useSpecialSubmit({
    service: 'carpet',
    form,
    checks: CARPET_CHECKS,
    showCodeRefusal: codes.showRefusal,
    area,
  });
  const [bedrooms = 0, livingRooms = 0, stairs = 0, greenCleaning = false] = useWatch({
    control: form.control,
    name: ['bedrooms', 'livingRooms', 'stairs', 'greenCleaning'],
  });
  const price = pricing
    ? carpetPrice(
        { bedrooms, livingRooms, stairs, greenCleaning },
        pricing,
        subscription,
        codes.code.applied,
        codes.balances,
      )
    : undefined;
  const field = (name: keyof CarpetBookingInput) => fieldOf(form, name);

  if (created) {
    const { sent, booking } = created;
    const booked = bookedPrice(booking, pricing);
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
        <NextStep title="Your provider and arrival time">
          Once a provider is assigned we send you their details and arrival time for{' '}
          {formatDate(sent.scheduledDate)} at {formatSlot(sent.scheduledTime)}.
        </NextStep>
        <NextStep title="Deposit">{booked.deposit}</NextStep>
        <NextStep title="Final cost estimate">
          {booked.total} for {counted(sent.bedrooms, 'bedroom')},{' '}
          {counted(sent.livingRooms, 'living room')} and {counted(sent.stairs, 'staircase')}
          {sent.greenCleaning ? ' with green cleaning' : ''}. Your provider confirms the final
          price.
        </NextStep>
      </SuccessScreen>
    );
  }

  return (
    <SpecialFormLayout
      title="Book carpet cleaning"
      lead="Hot-water extraction that lifts salt, slush and pet stains. Carpets dry in 2 to 4 hours."
      formLabel="Carpet cleaning booking"
      onSubmit={submit}
      fields={
        <>
          <ContactFields field={field} />
          <FormSection title="Service address">
            <AddressFields
              address={field('address')}
              city={field('city')}
              state={field('state')}
              zip={withNotServed(field('zipCode'), area.messageOf('zipCode'))}
            />
            <ZipWaitlist
              area={area}
              field="zipCode"
              email={form.watch('email')}
              serviceType="carpet"
            />
          </FormSection>
          <FormSection title="Rooms">
            <div className="grid gap-4 rounded-lg border p-4">
              {COUNTS.map(([name, label, max]) => (
                <Controller
                  key={name}
                  control={form.control}
                  name={name}
                  render={({ field: count, fieldState }) => (
                    <CountField
                      label={label}
                      max={max}
                      value={count.value}
                      onChange={count.onChange}
                      onBlur={count.onBlur}
                      name={count.name}
                      inputRef={count.ref}
                      error={fieldState.error?.message}
                    />
                  )}
                />
              ))}
            </div>
            <Controller
              control={form.control}
              name="greenCleaning"
              render={({ field: green }) => (
                <Switch
                  label="Green cleaning"
                  description={
                    pricing
                      ? `Eco-friendly products, +${formatDollars(pricing.greenCleaningFeeCents)}`
                      : 'Eco-friendly products'
                  }
                  checked={green.value ?? false}
                  onChange={green.onChange}
                />
              )}
            />
          </FormSection>
          <FormSection title="Schedule">
            <ScheduleStep form={form} />
          </FormSection>
        </>
      }
      estimate={
        <EstimateCard title="Your estimate" rows={price?.rows} total={price?.total}>
          <CheckoutCodes codes={codes} serviceType="carpet" />
          {price && pricing && (
            <p>{depositEstimate(price.deposit, pricing, subscription, price.prepaid)}</p>
          )}
          <p>Your provider confirms the final price after assignment.</p>
        </EstimateCard>
      }
      actions={
        <Button type="submit" disabled={pending}>
          {pending ? 'Submitting...' : 'Book Carpet Cleaning'}
        </Button>
      }
    />
  );
}
