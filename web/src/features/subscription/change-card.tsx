import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { serverMessage } from '@twinclean/shared/http';
import {
  cardBrandLabel,
  cardExpiry,
  cardName,
  type PaymentMethodView,
} from '@twinclean/shared/payment-methods';
import type { SubscriptionView } from '@twinclean/shared/subscriptions';
import { Badge } from '@twinclean/shared/ui/badge';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import { CreditCard } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { LoadFailed, Loading } from '../../components/query-states';
// The saved cards' own reads and writes (their keys with them), not a copy: the subscription is
// charged to the default card, so choosing the default is choosing the subscription's card.
import { paymentMethodsQueryOptions, useMakeDefault } from '../../lib/payment-methods';
import { useRefreshSubscription } from './api';
import '@twinclean/shared/zod-english';

/** The card chosen, by id; none chosen (no default yet) is '' and changes nothing. */
const cardChoiceSchema = z.object({ cardId: z.string() });
type CardChoice = z.infer<typeof cardChoiceSchema>;

/** "Visa •••• 4242" to the eye, "Visa ending in 4242" to a screen reader. */
function CardText({ card }: { card: { brand: string; last4: string } }) {
  return (
    <>
      <span aria-hidden>
        {cardBrandLabel(card.brand)} •••• {card.last4}
      </span>
      <span className="sr-only">{cardName(card)}</span>
    </>
  );
}

/** The saved cards as choices; the chosen one becomes the default card. */
function ChooseCard({ onDone }: { onDone: () => void }) {
  const cards = useQuery(paymentMethodsQueryOptions());
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();

  // Keyboard and screen-reader users land in the panel they opened.
  useEffect(() => heading.current?.focus(), []);

  return (
    <div className="mt-4 border-t pt-4">
      <h3 ref={heading} id={headingId} tabIndex={-1} className="font-semibold outline-none">
        Charge my subscription to
      </h3>
      {cards.isPending ? (
        <Loading label="Loading your cards…" />
      ) : cards.isError ? (
        <LoadFailed
          message="We couldn't load your saved cards."
          retrying={cards.isFetching}
          onRetry={() => void cards.refetch()}
        />
      ) : (
        <CardChoices cards={cards.data} labelledBy={headingId} onDone={onDone} />
      )}
    </div>
  );
}

/** The cards as radio choices, the default chosen first; Use this card makes one the default. */
function CardChoices(props: {
  cards: PaymentMethodView[];
  labelledBy: string;
  onDone: () => void;
}) {
  const { cards, onDone } = props;
  const makeDefault = useMakeDefault();
  const refresh = useRefreshSubscription();
  const form = useForm<CardChoice>({
    resolver: zodResolver(cardChoiceSchema),
    defaultValues: { cardId: cards.find((c) => c.isDefault)?.id ?? '' },
  });

  // A failed change keeps the card chosen, to try again.
  const submit = form.handleSubmit(({ cardId }) => {
    const card = cards.find((c) => c.id === cardId);
    if (!card || card.isDefault) return onDone();
    makeDefault.mutate(card.id, {
      onSuccess: async () => {
        await refresh();
        toast({
          title: 'Default Card Updated',
          description: `${cardName(card)} is now your default card. Your subscription is charged to it.`,
        });
        onDone();
      },
      onError: (error) =>
        toast({
          title: 'Default Not Changed',
          description: serverMessage(error, 'Failed to change the default card'),
          variant: 'destructive',
        }),
    });
  });

  return (
    <form onSubmit={submit} aria-label="Change card" className="mt-3 grid gap-3">
      {/* Named by the panel's heading, which says what the choice is for. */}
      <fieldset
        aria-labelledby={props.labelledBy}
        disabled={makeDefault.isPending}
        className="grid gap-2"
      >
        {cards.map((card) => (
          <label
            key={card.id}
            className="flex cursor-pointer items-center gap-3 rounded-md border p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
          >
            <input
              type="radio"
              value={card.id}
              className="size-4 accent-brand-700"
              {...form.register('cardId')}
            />
            <span className="flex flex-1 flex-wrap items-center gap-2">
              <CardText card={card} />
              <span className="text-sm text-slate-600">Expires {cardExpiry(card)}</span>
              {card.isDefault && <Badge tone="brand">Default</Badge>}
            </span>
          </label>
        ))}
        {cards.length === 0 && <p className="text-slate-600">No saved cards yet.</p>}
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        {cards.length > 0 && (
          <Button type="submit" disabled={makeDefault.isPending}>
            {makeDefault.isPending ? 'Saving...' : 'Use this card'}
          </Button>
        )}
        <Link
          to="/client/payment-methods"
          className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
        >
          Add a new card
        </Link>
      </div>
    </form>
  );
}

/** The card the subscription's renewals and visits are charged to, and changing it. */
export function PaymentMethod({ card }: { card: SubscriptionView['card'] }) {
  const [changing, setChanging] = useState(false);
  const panel = useId();
  // The panel goes, and the focus in it: back to the button that opened it.
  const done = () => {
    setChanging(false);
    document.getElementById(`${panel}-button`)?.focus();
  };
  return (
    <section aria-labelledby={`${panel}-title`} className="rounded-lg border bg-white p-5">
      <h2 id={`${panel}-title`} className="font-semibold">
        Payment method
      </h2>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-2">
          <CreditCard className="size-5 text-slate-500" aria-hidden />
          {card ? <CardText card={card} /> : 'No saved card'}
        </p>
        <Button
          id={`${panel}-button`}
          variant="secondary"
          aria-expanded={changing}
          aria-controls={changing ? panel : undefined}
          onClick={() => (changing ? done() : setChanging(true))}
        >
          Change card
        </Button>
      </div>
      <p className="mt-1 text-sm text-slate-600">
        Renewals and member visits are charged to your default card.
      </p>
      {changing && (
        <div id={panel}>
          <ChooseCard onDone={done} />
        </div>
      )}
    </section>
  );
}
