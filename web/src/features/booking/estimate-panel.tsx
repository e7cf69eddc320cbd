import type { DiscountTerms } from '@twinclean/shared/discount-codes';
import { dollarsToCents, formatDollars } from '@twinclean/shared/money';
import { depositCents, estimateHouseCleaning } from '@twinclean/shared/pricing';
import type { PricingConfig } from '@twinclean/shared/pricing-config';
import type { SubscriptionType } from '@twinclean/shared/roles';
import { seriesDiscountCents } from '@twinclean/shared/series-pricing';
import { Fragment } from 'react';
import { useAddOns } from '../../lib/catalog';
import { withCode } from './discount';
import { type Balances, withBalances } from './prepaid';
import { repetitionText, SERIES_CHARGE_NOTE } from './repetition';
import type { WizardValues } from './wizard-state';

/** The live estimate, from the same rules the server prices the booking with. */
export function useEstimate(
  values: WizardValues,
  pricing: PricingConfig | undefined,
  subscription: SubscriptionType,
  code: DiscountTerms | null = null,
  balances: Balances = { creditCents: 0, giftCardCents: 0 },
) {
  const addOns = useAddOns();
  if (!pricing) return undefined;
  const chosen = (values.addOns ?? []).flatMap((choice) => {
    const addOn = addOns.data?.find((a) => a.id === choice.id);
    return addOn
      ? [
          {
            quantity: choice.quantity,
            priceCents: dollarsToCents(addOn.price),
            timeMinutes: addOn.timeMinutes,
          },
        ]
      : [];
  });
  const frequency = values.frequency ?? 'once';
  const estimate = estimateHouseCleaning({
    rooms: values,
    addOns: chosen,
    greenCleaning: values.greenCleaning,
    subscription,
    config: pricing,
    frequency,
  });
  // The estimator takes the series discount off the cleaning; the panel shows it as its own line.
  const hoursCents = estimate.totalHours * estimate.hourlyRateCents;
  const discountCents = seriesDiscountCents(hoursCents, pricing, frequency, subscription);
  // The code comes off the total, then credit and a gift card; the deposit follows what is left
  // to pay by card, as the server prices it.
  const coded = withCode(estimate.totalAmountCents, code);
  const paid = withBalances(
    coded.totalCents,
    balances,
    (total) => depositCents(total, subscription, pricing, frequency),
    frequency !== 'once',
  );
  return {
    ...estimate,
    totalAmountCents: coded.totalCents,
    depositAmountCents: paid.depositCents,
    seriesDiscountCents: discountCents,
    codeLine: coded.row,
    prepaidLines: paid.rows,
    payLine: paid.payRow,
  };
}

/** The estimate beside every step; a series' is one visit's, with its discount and terms. */
export function EstimatePanel({
  estimate,
  values,
}: {
  estimate: ReturnType<typeof useEstimate>;
  values: WizardValues;
}) {
  if (!estimate)
    return (
      <p role="status" className="text-sm text-slate-500">
        Calculating your estimate…
      </p>
    );
  const row = (label: string, value: string) => (
    <div className="flex justify-between text-sm">
      <dt className="text-slate-600">{label}</dt>
      <dd className="font-medium tabular-nums">{value}</dd>
    </div>
  );
  const recurring = values.frequency !== undefined && values.frequency !== 'once';
  const repeats = repetitionText(values.frequency, values.scheduledDate, values.scheduledTime);
  return (
    <section aria-label="Estimate" className="rounded-xl border bg-brand-50 p-5">
      <h2 className="font-semibold">{recurring ? 'Your estimate per visit' : 'Your estimate'}</h2>
      {repeats && <p className="mt-1 text-sm text-slate-700">{repeats}</p>}
      <dl className="mt-3 grid gap-2">
        {row('Hours', `${estimate.totalHours}`)}
        {row('Hourly rate', `${formatDollars(estimate.hourlyRateCents)}/hour`)}
        {row('Cleaning', formatDollars(estimate.baseAmountCents + estimate.seriesDiscountCents))}
        {estimate.seriesDiscountCents > 0 &&
          row('Recurring discount', `−${formatDollars(estimate.seriesDiscountCents)}`)}
        {row('Add-ons', formatDollars(estimate.addOnsTotalCents))}
        {row('Green cleaning', formatDollars(estimate.greenCleaningFeeCents))}
        {estimate.codeLine && row(estimate.codeLine.label, estimate.codeLine.value)}
        <div className="mt-2 flex justify-between border-t pt-2">
          <dt className="font-semibold">Total</dt>
          <dd className="text-lg font-bold tabular-nums">
            {formatDollars(estimate.totalAmountCents)}
          </dd>
        </div>
        {estimate.prepaidLines.map((line) => (
          <Fragment key={line.label}>{row(line.label, line.value)}</Fragment>
        ))}
        {estimate.payLine && (
          <div className="flex justify-between gap-3 border-t pt-2">
            <dt className="font-semibold">{estimate.payLine.label}</dt>
            <dd className="font-bold tabular-nums">{estimate.payLine.value}</dd>
          </div>
        )}
        {!recurring &&
          row(
            'Deposit after a cleaner is assigned',
            estimate.depositAmountCents > 0
              ? formatDollars(estimate.depositAmountCents)
              : 'No deposit',
          )}
      </dl>
      {recurring && <p className="mt-3 text-sm text-slate-700">{SERIES_CHARGE_NOTE}</p>}
    </section>
  );
}
