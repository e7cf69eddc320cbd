import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminPricing,
  COUNT_FIELDS,
  PRICE_FIELDS,
  pricingSaveSchema,
} from '@twinclean/shared/admin-pricing';
import { hasCode, serverMessage } from '@twinclean/shared/http';
import { formatDollars } from '@twinclean/shared/money';
import { dryCleaningItems } from '@twinclean/shared/services';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { type FieldError, type Path, type UseFormReturn, useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { Field } from '../../components/ui/field';
import { useSavePricing } from './api';
import { HOUR_OPTIONS, NEC_THRESHOLD_HINT, WEEKDAY_OPTIONS } from './payout-schedule';
import { ScheduleField } from './schedule-field';
import '@twinclean/shared/zod-english';

type Input = z.input<typeof pricingSaveSchema>;
type Output = z.output<typeof pricingSaveSchema>;
type Figure = keyof typeof PRICE_FIELDS | keyof typeof COUNT_FIELDS;

/** The form's groups, as the owner thinks of the prices. */
const GROUPS: { title: string; figures: Figure[] }[] = [
  { title: 'House cleaning', figures: ['hourlyRate', 'subscriberHourlyRate', 'greenCleaningFee'] },
  {
    title: 'Plans',
    figures: [
      'standardPlan',
      'seniorPlan',
      'subscriptionEarlyCancelFee',
      'subscriptionMinimumMonths',
    ],
  },
  { title: 'Carpet', figures: ['carpetBedroom', 'carpetLivingRoom', 'carpetStaircase'] },
  { title: 'Laundry', figures: ['laundryLoad'] },
  {
    title: 'Recurring visits',
    figures: [
      'seriesWeeklyDiscountPercent',
      'seriesBiweeklyDiscountPercent',
      'seriesFourWeeklyDiscountPercent',
    ],
  },
  {
    title: 'Policy',
    figures: [
      'depositPercent',
      'lateCancelFeePercent',
      'finalPriceMinPercent',
      'finalPriceMaxPercent',
    ],
  },
  // DECISIONS.md "Service area and promotions": $0 turns referral credit off.
  { title: 'Referral credit', figures: ['referralCredit', 'referrerCredit'] },
  {
    title: 'Provider pay',
    figures: ['providerHourlyRate', 'providerSharePercent', 'maxWaitPay', 'vipAccessMinutes'],
  },
];

const formOf = (pricing: AdminPricing): Input => ({
  ...pricing.values,
  version: pricing.version,
  note: '',
});

function Group({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 rounded-lg border bg-white p-5 shadow-sm">
      <legend className="px-1 text-lg font-semibold">{title}</legend>
      <div className="mt-2 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">{children}</div>
    </fieldset>
  );
}

/** One figure of the config: dollars, a percent or a count, with its allowed range. */
function FigureField(props: { form: UseFormReturn<Input>; name: Figure; hint?: string }) {
  const { form, name } = props;
  const error = form.formState.errors[name]?.message;
  if (name in PRICE_FIELDS) {
    const f = PRICE_FIELDS[name as keyof typeof PRICE_FIELDS];
    return (
      <Field
        label={`${f.label} ($)`}
        hint={props.hint ?? `${formatDollars(f.range[0])} to ${formatDollars(f.range[1])}`}
        inputMode="decimal"
        autoComplete="off"
        error={error}
        {...form.register(name)}
      />
    );
  }
  const f = COUNT_FIELDS[name as keyof typeof COUNT_FIELDS];
  return (
    <Field
      label={f.unit === '%' ? `${f.label} (%)` : f.label}
      hint={`${f.range[0]} to ${f.range[1]}${f.unit}`}
      inputMode="numeric"
      autoComplete="off"
      error={error}
      {...form.register(name)}
    />
  );
}

/** A price in a record (an item or an add-on): its label and its error by id. */
function PriceField(props: {
  form: UseFormReturn<Input>;
  name: Path<Input>;
  label: string;
  error: FieldError | undefined;
}) {
  return (
    <Field
      label={`${props.label} ($)`}
      inputMode="decimal"
      autoComplete="off"
      error={props.error?.message}
      {...props.form.register(props.name)}
    />
  );
}

/**
 * Every price, grouped; Save makes them the prices new bookings get. What was typed stays in the
 * form whatever the answer: field errors go beside their fields, a stale version offers the
 * latest prices rather than throwing the edit away.
 */
export function PricingForm({
  pricing,
  onReload,
}: {
  pricing: AdminPricing;
  onReload: () => Promise<AdminPricing | undefined>;
}) {
  const save = useSavePricing();
  const [failure, setFailure] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(pricingSaveSchema),
    defaultValues: formOf(pricing),
  });
  const errors = form.formState.errors;

  const submit = form.handleSubmit((values) => {
    setFailure(null);
    setStale(false);
    save.mutate(values, {
      onSuccess: (saved) => {
        form.reset(formOf(saved));
        const count = saved.changes.length;
        toast(
          count
            ? {
                title: 'Prices Saved',
                description: `Version ${saved.version}: ${count} ${count === 1 ? 'change' : 'changes'}. New bookings use these prices now.`,
              }
            : {
                title: 'Nothing Changed',
                description: `These are the prices of version ${saved.version}.`,
              },
        );
      },
      onError: (error) => {
        const message = serverMessage(error, 'The prices could not be saved. Please try again.');
        toast({ title: 'Error', description: message, variant: 'destructive' });
        setFailure(message);
        setStale(hasCode(error, 'pricing_stale'));
        if (hasCode(error, 'validation_error')) {
          for (const issue of error.body.issues ?? []) {
            form.setError(issue.path.join('.') as Path<Input>, {
              type: 'server',
              message: issue.message,
            });
          }
        }
      },
    });
  });

  const reload = async () => {
    const latest = await onReload();
    if (!latest) return;
    form.reset(formOf(latest));
    setFailure(null);
    setStale(false);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Pricing config" className="grid gap-5">
      {GROUPS.slice(0, 2).map((group) => (
        <Group key={group.title} title={group.title}>
          {group.figures.map((name) => (
            <FigureField key={name} form={form} name={name} />
          ))}
        </Group>
      ))}
      <Group title="Add-ons">
        {pricing.addOns.map((addOn) => (
          <PriceField
            key={addOn.id}
            form={form}
            name={`addOns.${addOn.id}`}
            label={addOn.active ? addOn.name : `${addOn.name} (not offered)`}
            error={errors.addOns?.[addOn.id]}
          />
        ))}
      </Group>
      {GROUPS.slice(2, 4).map((group) => (
        <Group key={group.title} title={group.title}>
          {group.figures.map((name) => (
            <FigureField key={name} form={form} name={name} />
          ))}
        </Group>
      ))}
      <Group title="Dry cleaning & rugs">
        {dryCleaningItems.map((item) => (
          <PriceField
            key={item.id}
            form={form}
            name={`items.${item.id}`}
            label={item.name}
            error={errors.items?.[item.id]}
          />
        ))}
        <FigureField form={form} name="dryCleaningMinimum" />
      </Group>
      {GROUPS.slice(4).map((group) => (
        <Group key={group.title} title={group.title}>
          {group.figures.map((name) => (
            <FigureField key={name} form={form} name={name} />
          ))}
        </Group>
      ))}
      <Group title="Weekly payouts">
        <ScheduleField
          form={form}
          name="payoutWeekday"
          label="Payout day"
          options={WEEKDAY_OPTIONS}
        />
        <ScheduleField
          form={form}
          name="payoutHour"
          label="Payout time (Chicago)"
          options={HOUR_OPTIONS}
        />
        <FigureField form={form} name="necThreshold" hint={NEC_THRESHOLD_HINT} />
      </Group>
      <div className="grid gap-3 rounded-lg border bg-white p-5 shadow-sm">
        <Field
          label="Note (optional)"
          hint="Why the prices changed, for the history."
          autoComplete="off"
          error={errors.note?.message}
          {...form.register('note')}
        />
        {failure && (
          <div
            role="alert"
            className="flex flex-wrap items-center gap-3 rounded-md bg-red-50 p-3 text-sm text-red-800"
          >
            <span>{failure}</span>
            {stale && (
              <Button type="button" variant="secondary" onClick={() => void reload()}>
                Load the latest prices
              </Button>
            )}
          </div>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Prices'}
          </Button>
          <p className="text-sm text-slate-600">
            Saving makes version {pricing.version + 1}; bookings already made keep their prices.
          </p>
        </div>
      </div>
    </form>
  );
}
