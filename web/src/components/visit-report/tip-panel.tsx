import { zodResolver } from '@hookform/resolvers/zod';
import { serverMessage } from '@twinclean/shared/http';
import type { TipIntentAnswer, TipOffer } from '@twinclean/shared/tips';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import { HeartHandshake } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useForm } from 'react-hook-form';
import { money } from '../../lib/format';
import { showServerIssues } from '../../lib/server-issues';
import { AnnouncedStatus } from '../announced-status';
import type { PaymentStep } from '../card-entry/card-step';
import { LocalCardForm } from '../card-entry/local-card-form';
import { PaymentFailure } from '../card-entry/payment-failure';
import { Loading } from '../query-states';
import { Field } from '../ui/field';
import { type ReportSource, useRecordTip, useTipIntent } from './api';
import {
  OTHER,
  TIP_DEFAULTS,
  type TipChoice,
  type TipChoiceInput,
  tipChoiceSchema,
  tipRequestOf,
} from './tip-choice';
import '@twinclean/shared/zod-english';

// Stripe's code (and Stripe.js) only when the gateway is Stripe, as at the checkout.
const StripePayment = lazy(() => import('../card-entry/stripe-card-form'));

const optionClass =
  'flex cursor-pointer items-center gap-3 rounded-md border p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50';

/**
 * The amount: a percent of the visit (its amount shown) or another amount, typed. It opens with
 * `defaults` and hands back what was chosen with the intent, so "Change amount" (which unmounts
 * this form) brings the client back to their own choice, a typed amount included.
 */
export function ChooseAmount(props: {
  offer: TipOffer;
  source: ReportSource;
  defaults: TipChoiceInput;
  onIntent: (intent: TipIntentAnswer, chosen: TipChoiceInput) => void;
}) {
  const intent = useTipIntent(props.source);
  const form = useForm<TipChoiceInput, unknown, TipChoice>({
    resolver: zodResolver(tipChoiceSchema),
    defaultValues: props.defaults,
  });
  const { errors } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);
  const other = form.watch('choice') === OTHER;

  const submit = form.handleSubmit((choice) => {
    setFailure(null);
    // As typed (not as parsed), to be shown again as typed.
    const chosen = form.getValues();
    intent.mutate(tipRequestOf(choice), {
      onSuccess: (answer) => props.onIntent(answer, chosen),
      onError: (error) => {
        // The API names the field it refuses (amount) like the form does.
        showServerIssues(error, form);
        setFailure(serverMessage(error, 'Failed to start the tip'));
      },
    });
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Tip amount" className="grid gap-4">
      <fieldset disabled={intent.isPending} className="grid gap-2">
        <legend className="mb-2 font-semibold">How much would you like to tip?</legend>
        {props.offer.percents.map((p) => (
          <label key={p.percent} className={optionClass}>
            <input
              type="radio"
              value={String(p.percent)}
              className="size-4 accent-brand-700"
              {...form.register('choice')}
            />
            <span className="flex-1">{p.percent}%</span>
            <span className="font-semibold tabular-nums">{money(p.amount)}</span>
          </label>
        ))}
        <label className={optionClass}>
          <input
            type="radio"
            value={OTHER}
            className="size-4 accent-brand-700"
            {...form.register('choice')}
          />
          <span className="flex-1">Other amount</span>
        </label>
      </fieldset>
      {other && (
        <Field
          label="Tip amount ($)"
          inputMode="decimal"
          placeholder="20.00"
          required
          disabled={intent.isPending}
          error={errors.amount?.message}
          {...form.register('amount')}
        />
      )}
      <p className="text-sm text-slate-600">
        The percents are of the visit&apos;s {money(props.offer.visitAmount)}.
      </p>
      <PaymentFailure message={failure} />
      <Button type="submit" disabled={intent.isPending}>
        {intent.isPending ? 'Preparing...' : 'Continue to Payment'}
      </Button>
    </form>
  );
}

/** The gateway's card form for the tip's intent, then the tip recorded by the server. */
function PayTip(props: {
  intent: TipIntentAnswer;
  source: ReportSource;
  onBack: () => void;
  onDone: (message: string) => void;
}) {
  const record = useRecordTip(props.source);
  const [failure, setFailure] = useState<string | null>(null);
  const fail = (message: string) => {
    setFailure(message);
    toast({ title: 'Payment Failed', description: message, variant: 'destructive' });
  };
  const step: PaymentStep = {
    intent: {
      kind: 'payment',
      id: props.intent.paymentIntentId,
      clientSecret: props.intent.clientSecret,
      publishableKey: props.intent.publishableKey,
      amount: props.intent.amount,
    },
    returnUrl: window.location.href,
    locked: record.isPending || record.isSuccess,
    failure,
    attempt: () => setFailure(null),
    fail,
    crash: (error) => fail(serverMessage(error, 'An error occurred')),
    succeeded: (paymentIntentId) =>
      record.mutate(paymentIntentId, {
        onSuccess: (answer) => props.onDone(answer.message),
        // 402: the gateway says the intent did not succeed, in its words.
        onError: (error) => fail(serverMessage(error, 'Payment failed')),
      }),
  };
  return (
    <div className="grid gap-4">
      <p className="text-lg">
        Tip: <strong className="tabular-nums">{money(props.intent.amount)}</strong>
      </p>
      {props.intent.gateway === 'local' ? (
        <LocalCardForm step={step} />
      ) : (
        <Suspense fallback={<Loading label="Loading the card form…" />}>
          <StripePayment step={step} />
        </Suspense>
      )}
      <Button
        variant="secondary"
        onClick={props.onBack}
        disabled={record.isPending || record.isSuccess}
      >
        Change amount
      </Button>
    </div>
  );
}

/**
 * "Add a tip" (DECISIONS.md "Visit updates, checklists, tips"): 15, 20 or 25 % of the visit or
 * another amount, paid with the gateway's card form like any payment, all of it the cleaner's.
 */
export function TipPanel({ offer, source }: { offer: TipOffer; source: ReportSource }) {
  const [intent, setIntent] = useState<TipIntentAnswer | null>(null);
  // What was chosen last, kept here because the amount form is unmounted while paying.
  const [chosen, setChosen] = useState<TipChoiceInput>(TIP_DEFAULTS);
  const [thanks, setThanks] = useState<string | null>(null);
  return (
    <section
      id="tip"
      aria-labelledby="tip-title"
      className="scroll-mt-20 rounded-lg border bg-white p-5 shadow-sm"
    >
      <h2 id="tip-title" className="flex items-center gap-2 text-lg font-semibold">
        <HeartHandshake className="size-5 text-brand-700" aria-hidden />
        Add a tip
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">
        {offer.cleanerFirstName} keeps 100% of your tip.
      </p>
      {thanks ? (
        <AnnouncedStatus className="p-5 text-center font-medium text-green-900">
          {thanks}
        </AnnouncedStatus>
      ) : intent ? (
        <PayTip intent={intent} source={source} onBack={() => setIntent(null)} onDone={setThanks} />
      ) : (
        <ChooseAmount
          offer={offer}
          source={source}
          defaults={chosen}
          onIntent={(answer, values) => {
            setChosen(values);
            setIntent(answer);
          }}
        />
      )}
    </section>
  );
}
