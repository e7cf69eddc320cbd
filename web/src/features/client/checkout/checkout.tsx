import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { serverMessage } from '@twinclean/shared/http';
import type { PaymentOption } from '@twinclean/shared/payments';
import { toast } from '@twinclean/shared/ui/toast-store';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { type PaymentStep, paymentCardIntent } from '../../../components/card-entry/card-step';
import { LocalCardForm } from '../../../components/card-entry/local-card-form';
import { Loading } from '../../../components/query-states';
import { money, PAYMENT_OPTION_LABELS } from '../../../lib/format';
import { paymentIntentQueryOptions, useRecordPayment } from './payment-api';

// Stripe's code (and Stripe.js, which it loads from Stripe) only when the gateway is Stripe.
const StripePayment = lazy(() => import('../../../components/card-entry/stripe-card-form'));

export type Choice = { option: PaymentOption; amount: string };

function AmountChoice(props: {
  choices: readonly Choice[];
  value: PaymentOption;
  disabled: boolean;
  onChange: (option: PaymentOption) => void;
}) {
  const name = useId();
  return (
    <fieldset disabled={props.disabled} className="grid gap-2">
      <legend className="mb-2 font-semibold">What would you like to pay?</legend>
      {props.choices.map((choice) => (
        <label
          key={choice.option}
          className="flex cursor-pointer items-center gap-3 rounded-md border p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
        >
          <input
            type="radio"
            name={name}
            value={choice.option}
            checked={props.value === choice.option}
            onChange={() => props.onChange(choice.option)}
            className="size-4 accent-brand-700"
          />
          <span className="flex-1">{PAYMENT_OPTION_LABELS[choice.option]}</span>
          <span className="font-semibold tabular-nums">{money(choice.amount)}</span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * Paying one of a booking's amounts (spec 2 "Client checkout"), for the client's checkout and a
 * pay link alike: the amount, then the gateway's form (the LocalGateway's test cards, or Stripe's
 * Payment Element), then the payment recorded by the server.
 */
export function Checkout(props: {
  /** '/api/bookings/{id}' or '/api/pay/{token}'. */
  base: string;
  choices: readonly Choice[];
  /** The amount asked for (the Pay Now button's); another or none means the first choice. */
  initialOption: string | undefined;
  returnUrl: string;
  onPaid: () => void;
  /** The intent could not be created (spec 2 §8: a toast, then back to the booking). */
  onUnavailable: () => void;
}) {
  const { base, choices, onPaid, onUnavailable } = props;
  const [option, setOption] = useState<PaymentOption>(
    () =>
      choices.find((c) => c.option === props.initialOption)?.option ?? choices[0]?.option ?? 'full',
  );
  const intent = useQuery({
    ...paymentIntentQueryOptions(base, option),
    // Another amount keeps the card form in place while its intent loads.
    placeholderData: keepPreviousData,
  });
  const record = useRecordPayment(base);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!intent.isError) return;
    toast({ title: 'Error', description: 'Failed to initialize payment', variant: 'destructive' });
    onUnavailable();
  }, [intent.isError, onUnavailable]);

  const fail = (message: string) => {
    setFailure(message);
    toast({ title: 'Payment Failed', description: message, variant: 'destructive' });
  };
  const step: PaymentStep | null = intent.data
    ? {
        intent: paymentCardIntent(intent.data),
        returnUrl: props.returnUrl,
        locked: intent.isPlaceholderData || record.isPending || record.isSuccess,
        failure,
        attempt: () => setFailure(null),
        fail,
        crash: (error) => {
          setFailure(serverMessage(error, 'An error occurred'));
          toast({
            title: 'Error',
            description: 'Failed to process payment',
            variant: 'destructive',
          });
        },
        succeeded: (paymentIntentId) =>
          record.mutate(paymentIntentId, {
            onSuccess: (answer) => {
              toast({
                title: 'Payment Successful',
                description: `${money(answer.payment.amount)} paid. Thank you!`,
              });
              onPaid();
            },
            // 402: the gateway says the intent did not succeed, in its words.
            onError: (error) => fail(serverMessage(error, 'Payment failed')),
          }),
      }
    : null;

  return (
    <div className="grid gap-6">
      {choices.length > 1 ? (
        <AmountChoice
          choices={choices}
          value={option}
          disabled={record.isPending || record.isSuccess}
          onChange={(next) => {
            setFailure(null);
            setOption(next);
          }}
        />
      ) : (
        <p className="text-lg">
          Amount due:{' '}
          <strong className="tabular-nums">{money(choices[0]?.amount ?? '0.00')}</strong>
        </p>
      )}
      {!step ? (
        intent.isError ? (
          <p role="alert">Failed to initialize payment</p>
        ) : (
          <Loading label="Preparing secure checkout…" />
        )
      ) : intent.data?.gateway === 'local' ? (
        <LocalCardForm step={step} />
      ) : (
        <Suspense fallback={<Loading label="Loading the card form…" />}>
          <StripePayment step={step} />
        </Suspense>
      )}
    </div>
  );
}
