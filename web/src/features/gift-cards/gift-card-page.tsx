import { zodResolver } from '@hookform/resolvers/zod';
import {
  GIFT_CARD_MAX_CENTS,
  GIFT_CARD_MESSAGES,
  GIFT_CARD_MIN_CENTS,
  type GiftCardPaidAnswer,
  type GiftCardPurchaseAnswer,
  type GiftCardPurchaseInput,
  giftCardPurchaseSchema,
} from '@twinclean/shared/gift-cards';
import { serverMessage } from '@twinclean/shared/http';
import { formatShortDollars, formatWireDollars as money } from '@twinclean/shared/money';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import { CheckCircle2, Gift } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { AnnouncedStatus } from '../../components/announced-status';
import { usePageMeta } from '../../components/page-meta';
import { showServerProblems } from '../../lib/server-issues';
import { useCurrentUser } from '../../lib/session';
import { deliveryNote, purchaseDefaults } from './amount';
import { type GiftCardPurchase, usePurchaseGiftCard } from './api';
import { GiftCardForm } from './gift-card-form';
import { GiftCardPayment } from './gift-card-payment';
import '@twinclean/shared/zod-english';

const HOW_IT_WORKS = [
  `Choose an amount from ${formatShortDollars(GIFT_CARD_MIN_CENTS)} to ${formatShortDollars(GIFT_CARD_MAX_CENTS)} and the day it arrives.`,
  'Pay by card. We e-mail your receipt at once.',
  'On that day your friend gets an e-mail with the code and your message.',
  'They enter the code at checkout on any booking; what they do not spend stays on the card.',
];

function Purchased(props: { answer: GiftCardPaidAnswer; onAnother: () => void }) {
  const { answer } = props;
  return (
    <AnnouncedStatus className="grid gap-3 p-6 text-center">
      <CheckCircle2 className="mx-auto size-12 text-green-700" aria-hidden />
      <h2 className="text-2xl font-semibold">{GIFT_CARD_MESSAGES.purchased}</h2>
      <p className="text-slate-700">
        Your {money(answer.amount)} gift card is paid. {deliveryNote(answer)}
      </p>
      <p className="text-sm text-slate-600">Your receipt is on its way to your inbox.</p>
      <div className="mt-2 flex flex-col justify-center gap-3 sm:flex-row">
        <Button variant="secondary" onClick={props.onAnother}>
          Buy another gift card
        </Button>
        <a
          href="/book"
          className="rounded-md bg-brand-700 px-5 py-2.5 text-center font-semibold text-white hover:bg-brand-800"
        >
          Book a cleaning
        </a>
      </div>
    </AnnouncedStatus>
  );
}

/** /gift-cards (issue 34): buy a gift card, pay for it, and it is e-mailed on the chosen day. */
export function GiftCardPage() {
  usePageMeta(
    'Gift Cards | TwinClean Minneapolis & St Paul',
    'Give a clean home: a TwinClean gift card from $10 to $500, e-mailed with your message on the day you choose, good for any cleaning.',
  );
  const user = useCurrentUser().data ?? null;
  const form = useForm<GiftCardPurchaseInput, unknown, GiftCardPurchase>({
    resolver: zodResolver(giftCardPurchaseSchema),
    defaultValues: purchaseDefaults(new Date(), null),
  });
  const purchase = usePurchaseGiftCard();
  const [failure, setFailure] = useState<string | null>(null);
  // The card waiting for its payment, with what it was made from; then the paid answer.
  const [paying, setPaying] = useState<{
    answer: GiftCardPurchaseAnswer;
    details: GiftCardPurchase;
  } | null>(null);
  const [done, setDone] = useState<GiftCardPaidAnswer | null>(null);
  // "Buy another" and "Change details" are gone with the view they were in: the focus goes to
  // the page's heading, above the form that comes back, rather than falling to the body.
  const heading = useRef<HTMLHeadingElement>(null);

  // Signed in (maybe known only after the page started): the purchaser is filled if still empty.
  useEffect(() => {
    if (!user) return;
    const mine = purchaseDefaults(new Date(), user);
    if (!form.getValues('purchaserName')) form.setValue('purchaserName', mine.purchaserName);
    if (!form.getValues('purchaserEmail')) form.setValue('purchaserEmail', mine.purchaserEmail);
  }, [user, form]);

  const onSubmit = form.handleSubmit((details) => {
    setFailure(null);
    purchase.mutate(details, {
      onSuccess: (answer) => setPaying({ answer, details }),
      onError: (error) => {
        const message = serverMessage(error, 'The gift card could not be prepared.');
        toast({ title: 'Gift Card Not Created', description: message, variant: 'destructive' });
        // Words about a field go under it, and the field gets the focus; others above the button.
        const [field] = showServerProblems(error, form);
        if (field) form.setFocus(field);
        else setFailure(message);
      },
    });
  });

  const another = () => {
    // The next card starts fresh, but from the same giver.
    const { purchaserName, purchaserEmail } = form.getValues();
    form.reset({ ...purchaseDefaults(new Date(), null), purchaserName, purchaserEmail });
    setPaying(null);
    setDone(null);
    heading.current?.focus();
  };

  return (
    <section className="mx-auto max-w-6xl px-4 py-10 md:py-14">
      <div className="max-w-3xl">
        <h1
          ref={heading}
          tabIndex={-1}
          className="text-4xl font-bold tracking-tight outline-none md:text-5xl"
        >
          Gift cards
        </h1>
        <p className="mt-4 text-lg text-slate-700">
          Give someone a clean home. A TwinClean gift card pays for any cleaning, e-mailed with your
          message on the day you choose.
        </p>
      </div>
      <div className="mt-10 grid gap-8 lg:grid-cols-[1fr_20rem]">
        <div className="min-w-0">
          {done ? (
            <Purchased answer={done} onAnother={another} />
          ) : paying ? (
            <GiftCardPayment
              purchase={paying.answer}
              details={paying.details}
              onPaid={(answer) => {
                toast({ title: answer.message, description: deliveryNote(answer) });
                setDone(answer);
              }}
              onBack={() => {
                setPaying(null);
                heading.current?.focus();
              }}
            />
          ) : (
            <GiftCardForm
              form={form}
              onSubmit={onSubmit}
              pending={purchase.isPending}
              failure={failure}
            />
          )}
        </div>
        <aside
          aria-labelledby="gift-how-title"
          className="rounded-xl border bg-brand-50 p-5 lg:self-start"
        >
          <h2 id="gift-how-title" className="flex items-center gap-2 font-semibold">
            <Gift className="size-5 text-brand-700" aria-hidden />
            How it works
          </h2>
          <ol className="mt-3 grid list-decimal gap-2 pl-5 text-sm text-slate-700">
            {HOW_IT_WORKS.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ol>
          <p className="mt-3 text-xs text-slate-600">
            Gift cards are never paid out in cash. An unused card can be refunded by asking us.
          </p>
        </aside>
      </div>
    </section>
  );
}
