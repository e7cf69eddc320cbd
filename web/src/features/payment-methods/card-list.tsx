import { serverMessage } from '@twinclean/shared/http';
import {
  cardBrandLabel,
  cardExpiry,
  cardName,
  type PaymentMethodView,
} from '@twinclean/shared/payment-methods';
import { Badge } from '@twinclean/shared/ui/badge';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import { useMakeDefault } from '../../lib/payment-methods';
import { RemoveCardDialog } from './remove-card-dialog';

function CardRow(props: {
  card: PaymentMethodView;
  busy: boolean;
  onMakeDefault: () => void;
  onRemove: () => void;
}) {
  const { card, busy } = props;
  const name = cardName(card);
  return (
    <li className="flex flex-col gap-3 rounded-lg border bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-center gap-3">
        <CreditCard className="size-6 shrink-0 text-slate-500" aria-hidden />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            {/* The dots are decoration: a screen reader says "Visa ending in 4242". */}
            <span aria-hidden>
              {cardBrandLabel(card.brand)} •••• {card.last4}
            </span>
            <span className="sr-only">{name}</span>
            {card.isDefault && <Badge tone="brand">Default</Badge>}
          </p>
          <p className="text-sm text-slate-600">Expires {cardExpiry(card)}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {!card.isDefault && (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={props.onMakeDefault}
            aria-label={`Make default: ${name}`}
          >
            Make default
          </Button>
        )}
        <Button
          variant="secondary"
          disabled={busy}
          onClick={props.onRemove}
          aria-label={`Remove: ${name}`}
        >
          Remove
        </Button>
      </div>
    </li>
  );
}

/** The saved cards, the default first, each with Make default and Remove. */
export function CardList(props: { cards: PaymentMethodView[]; onRemoved: () => void }) {
  const makeDefault = useMakeDefault();
  const [removing, setRemoving] = useState<PaymentMethodView | null>(null);

  const chooseDefault = (card: PaymentMethodView) =>
    makeDefault.mutate(card.id, {
      onSuccess: () =>
        toast({
          title: 'Default Card Updated',
          description: `${cardName(card)} is now your default card.`,
        }),
      onError: (error) =>
        toast({
          title: 'Default Not Changed',
          description: serverMessage(error, 'Failed to change the default card'),
          variant: 'destructive',
        }),
    });

  return (
    <>
      <ul aria-label="Saved cards" className="mt-6 grid gap-3">
        {props.cards.map((card) => (
          <CardRow
            key={card.id}
            card={card}
            busy={makeDefault.isPending}
            onMakeDefault={() => chooseDefault(card)}
            onRemove={() => setRemoving(card)}
          />
        ))}
      </ul>
      {removing && (
        <RemoveCardDialog
          card={removing}
          open
          onOpenChange={(open) => {
            if (!open) setRemoving(null);
          }}
          onRemoved={props.onRemoved}
        />
      )}
    </>
  );
}
