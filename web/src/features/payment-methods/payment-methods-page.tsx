import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Button } from '@twinclean/shared/ui/button';
import { ArrowLeft, Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import { usePageMeta } from '../../components/page-meta';
import { LoadFailed, Loading } from '../../components/query-states';
import { paymentMethodsQueryOptions } from '../../lib/payment-methods';
import { AddCard } from './add-card';
import { CardList } from './card-list';

const ADD_BUTTON_ID = 'add-card-button';

/**
 * /client/payment-methods (DECISIONS.md "Payments": saved cards, default, remove): the client's
 * cards, the default first, and adding one through the gateway's own card form.
 */
export function PaymentMethodsPage() {
  usePageMeta(
    'Payment Methods | TwinClean',
    'Your saved cards: add a card, choose your default card, remove a card.',
  );
  const cards = useQuery(paymentMethodsQueryOptions());
  const [adding, setAdding] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  // The panel goes, and the focus in it: back to the button that opened it.
  const closeAdd = () => {
    setAdding(false);
    document.getElementById(ADD_BUTTON_ID)?.focus();
  };
  // The removed card's button is gone with it: focus goes back to the top of the page. After the
  // dialog's own focus return, which aims at that button.
  const removed = () => setTimeout(() => heading.current?.focus(), 0);

  return (
    <section className="mx-auto max-w-3xl px-4 py-8">
      <Link
        to="/client"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Back to Dashboard
      </Link>
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1
            ref={heading}
            tabIndex={-1}
            className="text-3xl font-bold tracking-tight outline-none"
          >
            Payment Methods
          </h1>
          <p className="mt-1 text-slate-600">
            Your saved cards. Subscription visits are charged to your default card.
          </p>
        </div>
        <Button
          id={ADD_BUTTON_ID}
          aria-expanded={adding}
          aria-controls={adding ? 'add-card' : undefined}
          onClick={() => (adding ? closeAdd() : setAdding(true))}
          className="inline-flex items-center gap-2"
        >
          <Plus className="size-4" aria-hidden />
          Add card
        </Button>
      </div>
      {adding && (
        <div id="add-card">
          <AddCard onClose={closeAdd} />
        </div>
      )}
      {cards.isPending ? (
        <Loading label="Loading your cards…" />
      ) : cards.isError ? (
        <LoadFailed
          message="We couldn't load your saved cards."
          retrying={cards.isFetching}
          onRetry={() => void cards.refetch()}
        />
      ) : cards.data.length === 0 ? (
        <p className="mt-6 rounded-lg border border-dashed p-6 text-center text-slate-600">
          No saved cards yet.
        </p>
      ) : (
        <CardList cards={cards.data} onRemoved={removed} />
      )}
    </section>
  );
}
