import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { PLAN_NAMES, type Plan, planSchema } from '@twinclean/shared/subscriptions';
import { toast } from '@twinclean/shared/ui/toast-store';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { usePageMeta } from '../../components/page-meta';
import { Loading } from '../../components/query-states';
import { subscriptionPageQueryOptions } from './api';
import { money, perMonth } from './format';
import { PlanPayment } from './plan-payment';
import { DeclarationStep } from './senior-declaration';

/** What the client signs up to, before paying: the price, the minimum term and its fee. */
function Terms({ plan }: { plan: Plan }) {
  const page = useQuery(subscriptionPageQueryOptions()).data;
  const price = page?.plans.find((p) => p.plan === plan)?.price;
  return (
    <div className="mt-4 rounded-lg border bg-white p-5">
      <h2 className="text-xl font-semibold">
        {PLAN_NAMES[plan]} plan{price && `: ${perMonth(price)}`}
      </h2>
      {page && (
        <p className="mt-1 text-slate-600">
          Billed monthly to this card, which is saved for your renewals and visits. There is a{' '}
          {page.minimumMonths}-month minimum: canceling sooner charges a{' '}
          {money(page.earlyCancelFee)} early-cancellation fee.
        </p>
      )}
    </div>
  );
}

/** One plan's checkout: the declaration first for Senior, then the payment. */
function PlanCheckout({ plan, declaredBefore }: { plan: Plan; declaredBefore: boolean }) {
  const [declared, setDeclared] = useState(declaredBefore);
  return (
    <>
      <Terms plan={plan} />
      <div className="mt-6">
        {plan === 'senior' && !declared ? (
          <DeclarationStep onConfirm={() => setDeclared(true)} />
        ) : (
          <PlanPayment plan={plan} />
        )}
      </div>
    </>
  );
}

/** /client/subscribe/checkout?plan=senior|standard (spec 2 "Subscription pages", §8). */
export function SubscriptionCheckoutPage(props: { plan: unknown; declared: boolean }) {
  usePageMeta('Subscribe | TwinClean', 'Pay for your TwinClean membership.');
  const navigate = useNavigate();
  const parsed = planSchema.safeParse(props.plan);
  const plan = parsed.success ? parsed.data : null;

  useEffect(() => {
    if (plan) return;
    toast({
      title: 'Invalid Plan',
      description: 'Please select a valid subscription plan.',
      variant: 'destructive',
    });
    void navigate({ to: '/client/subscribe', replace: true });
  }, [plan, navigate]);

  return (
    <section className="mx-auto max-w-xl px-4 py-8">
      <Link
        to="/client/subscribe"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Back to plans
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Subscribe</h1>
      {plan ? (
        <PlanCheckout key={plan} plan={plan} declaredBefore={props.declared} />
      ) : (
        <Loading label="Taking you back to the plans…" />
      )}
    </section>
  );
}
