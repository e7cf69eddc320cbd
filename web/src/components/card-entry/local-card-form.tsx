import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import {
  LOCAL_DECLINE_MESSAGE,
  type LocalConfirmAnswer,
  localCardSchema,
  TEST_CARDS,
} from '@twinclean/shared/local-gateway';
import { formatWireDollars as money } from '@twinclean/shared/money';
import { Button } from '@twinclean/shared/ui/button';
import { Dialog } from '@twinclean/shared/ui/dialog';
import { FlaskConical } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { showServerIssues } from '../../lib/server-issues';
import { Field } from '../ui/field';
import { cardFormText, type PaymentStep } from './card-step';
import { authenticateLocal, confirmLocalCard } from './local-gateway-api';
import { PaymentFailure } from './payment-failure';
import '@twinclean/shared/zod-english';

// The intent's secret comes with the intent, not from the client: the form holds the card only.
const cardFormSchema = z.omit(localCardSchema, { clientSecret: true });
type CardFormInput = z.input<typeof cardFormSchema>;
type CardFormOutput = z.output<typeof cardFormSchema>;

const spaced = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

const CARDS = [
  { number: TEST_CARDS.succeeds, outcome: 'Succeeds.' },
  { number: TEST_CARDS.declines, outcome: `Is declined: "${LOCAL_DECLINE_MESSAGE}"` },
  {
    number: TEST_CARDS.authenticates,
    outcome: 'Asks you to confirm (like 3-D Secure), then succeeds if you approve.',
  },
  {
    number: TEST_CARDS.declinesOnceSaved,
    outcome: 'Can be saved, but every charge to it is declined (to try a failed renewal).',
  },
];

function TestModeNotice() {
  return (
    <section
      aria-labelledby="test-mode-title"
      className="rounded-lg border-2 border-dashed border-amber-500 bg-amber-50 p-4 text-sm"
    >
      <h2 id="test-mode-title" className="flex items-center gap-2 font-bold text-amber-900">
        <FlaskConical className="size-5" aria-hidden />
        TEST MODE
      </h2>
      <p className="mt-1 text-amber-900">
        No real card is charged. This checkout takes only these test cards, with any future expiry
        date and any 3-digit CVC:
      </p>
      <ul className="mt-2 grid gap-1.5">
        {CARDS.map((card) => (
          <li key={card.number}>
            <span className="font-mono font-semibold">{spaced(card.number)}</span>{' '}
            <span className="text-slate-700">{card.outcome}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The LocalGateway's card form (ARCHITECTURE.md "Adapters"): the card goes to our own test
 * processor, which answers succeeded, declined, or asks for the extra confirmation step. It pays
 * a payment intent, or saves the card with a setup intent.
 */
export function LocalCardForm({ step }: { step: PaymentStep }) {
  const { intent } = step;
  const form = useForm<CardFormInput, unknown, CardFormOutput>({
    resolver: zodResolver(cardFormSchema),
    defaultValues: { cardNumber: '', expiry: '', cvc: '' },
  });
  const { errors } = form.formState;
  const [confirming, setConfirming] = useState(false);

  const answered = (answer: LocalConfirmAnswer) => {
    if (answer.status === 'succeeded') step.succeeded(intent.id);
    else if (answer.status === 'requires_action') setConfirming(true);
    else step.fail(answer.message ?? 'Payment failed');
  };
  // Offline, an attempt fails at once with a message (see booking-actions.ts).
  const confirm = useMutation({
    networkMode: 'always',
    mutationFn: (card: CardFormOutput) =>
      confirmLocalCard(intent, { ...card, clientSecret: intent.clientSecret }),
    onMutate: step.attempt,
    onSuccess: answered,
    onError: (error) => {
      showServerIssues(error, form);
      step.crash(error);
    },
  });
  const authenticate = useMutation({
    networkMode: 'always',
    mutationFn: (approve: boolean) => authenticateLocal(intent, approve),
    onSuccess: answered,
    onError: step.crash,
  });
  const answerStep = (approve: boolean) => {
    setConfirming(false);
    authenticate.mutate(approve);
  };
  const busy = step.locked || confirm.isPending || authenticate.isPending || confirming;
  const text = cardFormText(intent);

  return (
    <div className="grid gap-5">
      <TestModeNotice />
      <form
        onSubmit={form.handleSubmit((card) => confirm.mutate(card))}
        noValidate
        aria-label={text.label}
        className="grid gap-4"
      >
        <Field
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          required
          error={errors.cardNumber?.message}
          {...form.register('cardNumber')}
        />
        {/* min-w-0: an input is as wide as its default size otherwise, too wide for a phone. */}
        <div className="grid grid-cols-2 gap-4 [&_input]:min-w-0 [&>*]:min-w-0">
          <Field
            label="Expiry (MM/YY)"
            autoComplete="cc-exp"
            placeholder="MM/YY"
            required
            error={errors.expiry?.message}
            {...form.register('expiry')}
          />
          <Field
            label="CVC"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            required
            error={errors.cvc?.message}
            {...form.register('cvc')}
          />
        </div>
        <PaymentFailure message={step.failure} />
        <Button type="submit" disabled={busy}>
          {busy ? 'Processing...' : text.action}
        </Button>
      </form>
      <Dialog
        open={confirming}
        // Closing the step without an answer fails it, as closing a bank's 3-D Secure window does.
        onOpenChange={(open) => {
          if (!open) answerStep(false);
        }}
        title={intent.kind === 'setup' ? 'Confirm this card' : 'Confirm this payment'}
        description={
          intent.kind === 'setup'
            ? 'Test mode: your card asks you to confirm saving it for later payments. Approve saves it; Fail refuses it, as a bank would.'
            : `Test mode: your card asks you to confirm a payment of ${money(intent.amount)}. Approve completes it; Fail refuses it, as a bank would.`
        }
        role="alertdialog"
      >
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => answerStep(false)}>
            Fail
          </Button>
          <Button onClick={() => answerStep(true)}>Approve</Button>
        </div>
      </Dialog>
    </div>
  );
}
