import { dollarsToCents, formatDollars } from '@twinclean/shared/money';
import { estimateHouseCleaning, type PricingConfig } from '@twinclean/shared/pricing';
import type { SubscriptionType } from '@twinclean/shared/roles';
import { useAddOns } from '../../lib/catalog';
import type { WizardValues } from './wizard-state';

/** The live estimate, from the same rules the server prices the booking with. */
export function useEstimate(
  values: WizardValues,
  pricing: PricingConfig | undefined,
  subscription: SubscriptionType,
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
  return estimateHouseCleaning({
    rooms: values,
    addOns: chosen,
    greenCleaning: values.greenCleaning,
    subscription,
    config: pricing,
  });
}

export function EstimatePanel({ estimate }: { estimate: ReturnType<typeof useEstimate> }) {
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
  return (
    <section aria-label="Estimate" className="rounded-xl border bg-brand-50 p-5">
      <h2 className="font-semibold">Your estimate</h2>
      <dl className="mt-3 grid gap-2">
        {row('Hours', `${estimate.totalHours}`)}
        {row('Hourly rate', `${formatDollars(estimate.hourlyRateCents)}/hour`)}
        {row('Cleaning', formatDollars(estimate.baseAmountCents))}
        {row('Add-ons', formatDollars(estimate.addOnsTotalCents))}
        {row('Green cleaning', formatDollars(estimate.greenCleaningFeeCents))}
        <div className="mt-2 flex justify-between border-t pt-2">
          <dt className="font-semibold">Total</dt>
          <dd className="text-lg font-bold tabular-nums">
            {formatDollars(estimate.totalAmountCents)}
          </dd>
        </div>
        {row(
          'Deposit after a cleaner is assigned',
          estimate.depositAmountCents > 0
            ? formatDollars(estimate.depositAmountCents)
            : 'No deposit',
        )}
      </dl>
    </section>
  );
}
