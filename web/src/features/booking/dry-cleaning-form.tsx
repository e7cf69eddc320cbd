import { zodResolver } from '@hookform/resolvers/zod';
import { formatDollars } from '@twinclean/shared/money';
import { formatDate, formatSlot } from '@twinclean/shared/schedule';
import { dryCleaningItems } from '@twinclean/shared/services';
import {
  DRY_CLEANING_MAX_PER_ITEM,
  type DryCleaningBooking,
  type DryCleaningBookingInput,
  dryCleaningBookingSchema,
  itemTotal,
} from '@twinclean/shared/special-bookings';
import { Button } from '@twinclean/shared/ui/button';
import type { ChangeEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { usePageMeta } from '../../components/page-meta';
import { ZipWaitlist } from '../../components/service-area/waitlist-offer';
import { useServedZips } from '../../components/service-area/zip-check';
import { CountField } from '../../components/ui/count-field';
import { TextAreaField } from '../../components/ui/field';
import { Switch } from '../../components/ui/switch';
import { usePricing } from '../../lib/catalog';
import { CheckoutCodes, useCheckoutCodes } from './checkout-codes';
import { orderPrice } from './dry-cleaning-price';
import { ScheduleStep } from './schedule-step';
import {
  AddressFields,
  ContactFields,
  DropoffFields,
  FormSection,
  fieldOf,
  SpecialFormLayout,
  withNotServed,
} from './special-fields';
import {
  chosenItems,
  contactPrefill,
  DRY_CLEANING_CHECKS,
  DRY_CLEANING_DROPOFF,
  dryCleaningDefaults,
} from './special-state';
import { useContactPrefill, useSpecialSubmit } from './special-submit';
import {
  ActionLink,
  bookedPrice,
  depositEstimate,
  EstimateCard,
  NextStep,
  SuccessScreen,
} from './special-summary';
import '@twinclean/shared/zod-english';

const ZIP_FIELDS = ['pickupZip', 'dropoffZip'] as const;
const FINAL_PRICE = 'The final price is confirmed after pickup.';
const GROUPS = [
  {
    title: 'Garments and bedding',
    items: dryCleaningItems.filter((i) => !i.id.startsWith('rug_')),
  },
  { title: 'Rugs', items: dryCleaningItems.filter((i) => i.id.startsWith('rug_')) },
];

/** /book/dry-cleaning: "Dry Cleaning & Rug Care" (spec 2 "Rug cleaning form", DECISIONS.md). */
export function DryCleaningBookingPage() {
  usePageMeta(
    'Book Dry Cleaning & Rug Care | TwinClean Minneapolis & St Paul',
    'Dry cleaning and Persian and area rug cleaning with free pickup and delivery in Minneapolis and St Paul. Add your items and see the estimate.',
  );
  const form = useForm<DryCleaningBookingInput, unknown, DryCleaningBooking>({
    resolver: zodResolver(dryCleaningBookingSchema),
    defaultValues: dryCleaningDefaults,
  });
  const user = useContactPrefill(form);
  const subscription = user?.subscriptionType ?? 'none';
  const pricing = usePricing().data;
  const area = useServedZips(form, ZIP_FIELDS);
  const offer = (zip: (typeof ZIP_FIELDS)[number]) => (
    <ZipWaitlist area={area} field={zip} email={form.watch('email')} serviceType="dry_cleaning" />
  );
  const codes = useCheckoutCodes((name, value) => form.setValue(name, value));
  const { submit, pending, created, startOver } = useSpecialSubmit({
    service: 'dryCleaning',
    form,
    area,
    checks: DRY_CLEANING_CHECKS,
    showCodeRefusal: codes.showRefusal,
    // The DB holds a row per item cleaned: zero counts are not part of the order.
    toPayload: (values) => ({ ...values, items: chosenItems(values.items) }),
  });
  const [same = true, items = {}, greenCleaning = false] = useWatch({
    control: form.control,
    name: ['dropoffSameAsPickup', 'items', 'greenCleaning'],
  });
  const count = itemTotal(items);
  const price =
    pricing && count > 0
      ? orderPrice(
          { items, greenCleaning },
          pricing,
          subscription,
          codes.code.applied,
          codes.balances,
        )
      : undefined;
  const field = (name: keyof DryCleaningBookingInput) => fieldOf(form, name);
  // While drop-off is the pickup address, each pickup edit is copied to it (spec 2 §5).
  const pickup = (name: keyof typeof DRY_CLEANING_DROPOFF) =>
    fieldOf(form, name, {
      onChange: (event: ChangeEvent<HTMLInputElement>) => {
        if (form.getValues('dropoffSameAsPickup')) {
          form.setValue(DRY_CLEANING_DROPOFF[name], event.target.value);
        }
      },
    });
  const setSame = (on: boolean) => {
    form.setValue('dropoffSameAsPickup', on);
    if (!on) return;
    for (const from of Object.keys(DRY_CLEANING_DROPOFF) as (keyof typeof DRY_CLEANING_DROPOFF)[]) {
      form.setValue(DRY_CLEANING_DROPOFF[from], form.getValues(from));
    }
    form.clearErrors(Object.values(DRY_CLEANING_DROPOFF));
  };

  if (created) {
    const { sent, booking } = created;
    const booked = bookedPrice(booking, pricing);
    const list = dryCleaningItems
      .filter(({ id }) => (sent.items[id] ?? 0) > 0)
      .map(({ id, name }) => `${sent.items[id]} × ${name}`)
      .join(', ');
    return (
      <SuccessScreen
        booking={booking}
        email={sent.email}
        actions={
          <>
            <ActionLink to="/" primary>
              Back to Home
            </ActionLink>
            <Button
              variant="secondary"
              onClick={() => {
                startOver({ ...dryCleaningDefaults, ...contactPrefill(dryCleaningDefaults, user) });
                // The next order starts without the last one's codes.
                codes.clear();
              }}
            >
              Book Another Service
            </Button>
          </>
        }
      >
        <NextStep title="Pickup">
          {formatDate(sent.scheduledDate)} at {formatSlot(sent.scheduledTime)} from{' '}
          {sent.pickupAddress}, {sent.pickupCity}.
        </NextStep>
        <NextStep title="Your order">{list}</NextStep>
        <NextStep title="Estimated price">
          {booked.total}. {FINAL_PRICE} {booked.deposit}
        </NextStep>
      </SuccessScreen>
    );
  }

  return (
    <SpecialFormLayout
      title="Book dry cleaning & rug care"
      lead="Garments, bedding and Persian and area rugs, with free pickup and delivery."
      formLabel="Dry cleaning and rug booking"
      onSubmit={submit}
      fields={
        <>
          <ContactFields field={field} />
          <FormSection title="Pickup address">
            <AddressFields
              prefix="Pickup"
              address={pickup('pickupAddress')}
              city={pickup('pickupCity')}
              state={field('pickupState')}
              zip={withNotServed(pickup('pickupZip'), area.messageOf('pickupZip'))}
            />
            {offer('pickupZip')}
          </FormSection>
          <DropoffFields
            same={same}
            onSameChange={setSame}
            address={field('dropoffAddress')}
            city={field('dropoffCity')}
            state={field('dropoffState')}
            zip={withNotServed(field('dropoffZip'), area.messageOf('dropoffZip'))}
            after={offer('dropoffZip')}
          />
          {GROUPS.map((group) => (
            <FormSection key={group.title} title={group.title}>
              <div className="grid gap-4 rounded-lg border p-4">
                {group.items.map(({ id, name }) => (
                  <Controller
                    key={id}
                    control={form.control}
                    name={`items.${id}`}
                    render={({ field: item, fieldState }) => (
                      <CountField
                        label={name}
                        max={DRY_CLEANING_MAX_PER_ITEM}
                        value={item.value}
                        onChange={item.onChange}
                        onBlur={item.onBlur}
                        name={item.name}
                        inputRef={item.ref}
                        hint={
                          pricing
                            ? `${formatDollars(pricing.dryCleaningItemCents[id] ?? 0)} each`
                            : undefined
                        }
                        error={fieldState.error?.message}
                      />
                    )}
                  />
                ))}
              </div>
            </FormSection>
          ))}
          <FormSection title="Care and schedule">
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
            <ScheduleStep form={form} dateLabel="Pickup date" timeLabel="Pickup time" />
            <TextAreaField
              label="Special instructions (optional)"
              hint="Stains, fabrics, delicate fringes, a gate code…"
              {...field('specialInstructions')}
            />
          </FormSection>
        </>
      }
      estimate={
        <EstimateCard
          title="Order summary"
          rows={price?.rows}
          total={price?.total}
          placeholder={pricing ? 'Add items to see your estimate.' : undefined}
        >
          <CheckoutCodes codes={codes} serviceType="dry_cleaning" />
          {price && pricing && (
            <p>{depositEstimate(price.deposit, pricing, subscription, price.prepaid)}</p>
          )}
          <p>{FINAL_PRICE}</p>
        </EstimateCard>
      }
      actions={
        <>
          {form.formState.errors.items?.message && (
            <p role="alert" className="text-sm text-red-700">
              {form.formState.errors.items.message}
            </p>
          )}
          <Button
            type="submit"
            disabled={pending || count === 0}
            aria-describedby={count === 0 ? 'no-items-hint' : undefined}
          >
            {pending ? 'Submitting...' : 'Book Pickup'}
          </Button>
          {count === 0 && (
            <p id="no-items-hint" className="text-sm text-slate-600">
              Add at least one item to book.
            </p>
          )}
        </>
      }
    />
  );
}
