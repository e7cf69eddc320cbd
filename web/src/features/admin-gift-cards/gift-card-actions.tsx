import type { GiftCardView } from '@twinclean/shared/gift-cards';
import { serverMessage } from '@twinclean/shared/http';
import { formatWireDollars } from '@twinclean/shared/money';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useRef, useState } from 'react';
import { ConfirmRemovalDialog } from '../../components/confirm-removal-dialog';
import { type GiftCardAction, useGiftCardAction } from './api';
import { GIFT_CARDS_TITLE, maskedCode } from './format';

const WORDS: Record<
  GiftCardAction,
  { verb: string; pending: string; failed: string; what: (card: GiftCardView) => string }
> = {
  void: {
    verb: 'Void',
    pending: 'Voiding...',
    failed: 'The gift card could not be voided. Please try again.',
    what: (card) =>
      `It can no longer be spent at checkout. The ${formatWireDollars(card.amount)} paid for it is not refunded.`,
  },
  refund: {
    verb: 'Refund',
    pending: 'Refunding...',
    failed: 'The gift card could not be refunded. Please try again.',
    what: (card) =>
      `The ${formatWireDollars(card.amount)} paid goes back to ${card.purchaserName}'s card, and the gift card can no longer be spent.`,
  },
};

/**
 * Void and Refund for an unused paid card: the owner's, each asked first. Mounted for every card,
 * so the dialog and its answer outlive the buttons a voided card no longer shows. While either
 * goes, neither button may be pressed (the server would refuse the second anyway).
 */
export function GiftCardActions({ card }: { card: GiftCardView }) {
  const voiding = useGiftCardAction(card.id, 'void');
  const refunding = useGiftCardAction(card.id, 'refund');
  const busy = voiding.isPending || refunding.isPending;
  // The card as shown now: when a dialog closes, whether its buttons are still there.
  const latest = useRef(card);
  latest.current = card;
  const focusAfterClose = () =>
    latest.current.unused ? null : document.getElementById(GIFT_CARDS_TITLE);
  return (
    <div className="flex flex-wrap gap-2">
      <ActionButton
        card={card}
        action="void"
        change={voiding}
        busy={busy}
        after={focusAfterClose}
      />
      <ActionButton
        card={card}
        action="refund"
        change={refunding}
        busy={busy}
        after={focusAfterClose}
      />
    </div>
  );
}

/**
 * One action: asked in a dialog (it cannot be undone), busy while it goes, the server's answer
 * in a toast; a refusal (the card was spent meanwhile) stays in the dialog, where a screen
 * reader is.
 */
function ActionButton(props: {
  card: GiftCardView;
  action: GiftCardAction;
  change: ReturnType<typeof useGiftCardAction>;
  /** Either of the card's actions is under way. */
  busy: boolean;
  /** Where the focus goes once the dialog closes (its button may be gone). */
  after: () => HTMLElement | null;
}) {
  const { card, change } = props;
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const words = WORDS[props.action];
  const code = maskedCode(card.last4);
  const confirm = () => {
    setFailure(null);
    change.mutate(undefined, {
      onSuccess: (answer) => {
        setOpen(false);
        toast({ title: answer.message, description: `Gift card ${code}` });
      },
      onError: (error) => setFailure(serverMessage(error, words.failed)),
    });
  };
  return (
    <>
      {card.unused && (
        <Button
          variant="secondary"
          className="h-9 px-3 text-sm"
          aria-label={`${words.verb} gift card ending in ${card.last4}`}
          disabled={props.busy}
          onClick={() => {
            setFailure(null);
            setOpen(true);
          }}
        >
          {change.isPending ? words.pending : words.verb}
        </Button>
      )}
      <ConfirmRemovalDialog
        open={open}
        onOpenChange={setOpen}
        title={`${words.verb} gift card ${code}?`}
        description={`${formatWireDollars(card.amount)} for ${card.recipientName}. ${words.what(card)}`}
        keepLabel="Keep it"
        confirmLabel={`${words.verb} gift card`}
        pendingLabel={words.pending}
        pending={change.isPending}
        failure={failure}
        onConfirm={confirm}
        // Voided, refunded or spent meanwhile, the card has no button to return to; still
        // unused (a failed call), the focus goes back to the button that opened it.
        focusAfterClose={props.after}
      />
    </>
  );
}
