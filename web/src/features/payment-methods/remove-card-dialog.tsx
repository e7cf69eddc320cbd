import { serverMessage } from '@twinclean/shared/http';
import { cardName, type PaymentMethodView } from '@twinclean/shared/payment-methods';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useState } from 'react';
import { ConfirmRemovalDialog } from '../../components/confirm-removal-dialog';
import { useRemovePaymentMethod } from '../../lib/payment-methods';

/** Asks before removing a card, and says what happens to the default. */
export function RemoveCardDialog(props: {
  card: PaymentMethodView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The card is gone, and the button that opened this with it: the page says where focus goes. */
  onRemoved: () => void;
}) {
  const { card, open, onOpenChange } = props;
  const remove = useRemovePaymentMethod();
  // Said inside the dialog too: while it is open, the toasts behind it are hidden from screen
  // readers.
  const [failure, setFailure] = useState<string | null>(null);
  const name = cardName(card);

  const confirm = () => {
    setFailure(null);
    remove.mutate(card.id, {
      onSuccess: () => {
        toast({ title: 'Card Removed', description: `${name} was removed.` });
        onOpenChange(false);
        props.onRemoved();
      },
      onError: (error) => {
        const message = serverMessage(error, 'Failed to remove the card');
        toast({ title: 'Card Not Removed', description: message, variant: 'destructive' });
        setFailure(message);
      },
    });
  };

  return (
    <ConfirmRemovalDialog
      open={open}
      onOpenChange={(next) => {
        setFailure(null);
        onOpenChange(next);
      }}
      title="Remove this card?"
      description={
        card.isDefault
          ? `${name} will be removed. It is your default card: your newest other card becomes the default.`
          : `${name} will be removed from your account.`
      }
      keepLabel="Keep Card"
      confirmLabel="Remove Card"
      pendingLabel="Removing..."
      pending={remove.isPending}
      failure={failure}
      onConfirm={confirm}
    />
  );
}
