import { Link, useNavigate } from '@tanstack/react-router';
import { formatDollars } from '@twinclean/shared/money';
import {
  PLAN_NAMES,
  type Plan,
  type SubscriptionPage,
  VISIT_CHARGE_HOURS,
} from '@twinclean/shared/subscriptions';
import { Button } from '@twinclean/shared/ui/button';
import { Check } from 'lucide-react';
import { usePricing } from '../../lib/catalog';
import { money, perMonth, SECONDARY_LINK } from './format';
import { useDeclarationForm } from './senior-declaration';

const PLAN_FOR: Record<Plan, string> = {
  standard: 'For any household.',
  senior: 'For clients 65 or older, or living with a disability.',
};

/** What a member gets (DECISIONS.md "Subscriptions"; spec 2 §9), the rates from the pricing. */
function Benefits({ page }: { page: SubscriptionPage }) {
  const pricing = usePricing().data;
  const rate = pricing
    ? `${formatDollars(pricing.subscriberHourlyRateCents)}/hour house cleaning instead of ${formatDollars(pricing.hourlyRateCents)}`
    : 'The member hourly rate for house cleaning';
  const items = [
    rate,
    'No charges for add-ons',
    `No deposit: each visit is charged to your saved card ${VISIT_CHARGE_HOURS} hours before it`,
    'Priority scheduling',
    `Billed monthly, with a ${page.minimumMonths}-month minimum: canceling sooner charges a ${money(page.earlyCancelFee)} early-cancellation fee`,
  ];
  return (
    <section aria-labelledby="benefits-title" className="mt-6 rounded-lg border bg-white p-5">
      <h2 id="benefits-title" className="font-semibold">
        What membership gives you
      </h2>
      <ul className="mt-3 grid gap-2">
        {items.map((item) => (
          <li key={item} className="flex gap-2">
            <Check className="mt-0.5 size-5 shrink-0 text-green-700" aria-hidden />
            <span>{item}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The Senior plan is chosen with its declaration ticked (the form says so otherwise). */
function SeniorChoice({ onChosen }: { onChosen: () => void }) {
  const { submit, box } = useDeclarationForm(onChosen);
  return (
    <form onSubmit={submit} noValidate className="contents">
      {box}
      <Button type="submit" className="mt-auto">
        Choose {PLAN_NAMES.senior}
      </Button>
    </form>
  );
}

/** /client/subscribe without a subscription: the plans, and Skip for Now (spec 2). */
export function PlanChoice({ page }: { page: SubscriptionPage }) {
  const navigate = useNavigate();
  const choose = (plan: Plan) =>
    void navigate({
      to: '/client/subscribe/checkout',
      search: plan === 'senior' ? { plan, declared: true } : { plan },
    });

  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight">Choose Your Plan</h1>
      <p className="mt-1 text-slate-600">
        Members pay less for every house cleaning. Pick a plan, or skip for now and pay per visit.
      </p>
      <Benefits page={page} />
      <ul aria-label="Plans" className="mt-6 grid gap-4 md:grid-cols-2">
        {page.plans.map(({ plan, price }) => (
          <li key={plan}>
            <article
              aria-labelledby={`plan-${plan}`}
              className="flex h-full flex-col gap-4 rounded-lg border bg-white p-5 shadow-sm"
            >
              <div>
                <h2 id={`plan-${plan}`} className="text-xl font-semibold">
                  {PLAN_NAMES[plan]}
                </h2>
                <p className="mt-1 text-2xl font-bold tabular-nums">{perMonth(price)}</p>
                <p className="mt-1 text-slate-600">{PLAN_FOR[plan]}</p>
              </div>
              {plan === 'senior' ? (
                <SeniorChoice onChosen={() => choose(plan)} />
              ) : (
                <Button className="mt-auto" onClick={() => choose(plan)}>
                  Choose {PLAN_NAMES[plan]}
                </Button>
              )}
            </article>
          </li>
        ))}
      </ul>
      <div className="mt-6">
        <Link to="/client" className={SECONDARY_LINK}>
          Skip for Now
        </Link>
      </div>
    </>
  );
}
