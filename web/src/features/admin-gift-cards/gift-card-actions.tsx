import type { GiftCardView } from '@twinclean/shared/gift-cards';
import { serverMessage } from '@twinclean/shared/http';
import { formatWireDollars } from '@twinclean/shared/money';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useId, useRef, useState } from 'react';
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
  const stillUnused = () => latest.current.unused;
  return (
    <div className="flex flex-wrap gap-2">
      <ActionButton card={card} action="void" change={voiding} busy={busy} unused={stillUnused} />
      <ActionButton
        card={card}
        action="refund"
        change={refunding}
        busy={busy}
        unused={stillUnused}
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
  /** Whether the card is unused when the dialog closes, so its buttons are still there. */
  unused: () => boolean;
}) {
  const { card, change } = props;
  const buttonId = useId();
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
          id={buttonId}
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
        // Voided, refunded or spent meanwhile, the card has no button to return to: the heading.
        // Still unused (a failed call), back to the button that opened it (the dialog has no
        // Radix trigger to return to by itself).
        focusAfterClose={() =>
          document.getElementById(props.unused() ? buttonId : GIFT_CARDS_TITLE)
        }
      />
    </>
  );
}
