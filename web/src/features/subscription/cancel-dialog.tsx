import { useQueryClient } from '@tanstack/react-query';
import { ApiError, serverMessage } from '@twinclean/shared/http';
import type { SubscriptionAnswer, SubscriptionView } from '@twinclean/shared/subscriptions';
import { Button } from '@twinclean/shared/ui/button';
import { Dialog } from '@twinclean/shared/ui/dialog';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useState } from 'react';
import { subscriptionKeys, useCancelSubscription } from './api';
import { cancelConsequence } from './format';

/**
 * Canceling the membership: what it does now (the fee and the card it goes to, or the date it
 * runs to) is the dialog's description, read before the confirm button (DECISIONS.md
 * "Subscriptions").
 */
export function CancelSubscriptionDialog(props: {
  subscription: SubscriptionView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCanceled: (answer: SubscriptionAnswer) => void;
}) {
  const { subscription, open, onOpenChange } = props;
  const queryClient = useQueryClient();
  const cancel = useCancelSubscription();
  // Said inside the dialog too: while it is open, the page behind it (the toasts with it) is
  // hidden from screen readers.
  const [failure, setFailure] = useState<string | null>(null);

  // mutateAsync, not mutate's callbacks: once the page has read the ended membership, this
  // dialog (and the Active Subscription around it) is gone, and the toast must still come.
  const confirm = async () => {
    setFailure(null);
    let answer: SubscriptionAnswer;
    try {
      answer = await cancel.mutateAsync({ id: subscription.id, body: {} });
    } catch (error) {
      // 402: the fee's charge was declined, in the gateway's words; 409: not cancelable.
      const message = serverMessage(error, 'Failed to cancel subscription');
      toast({ title: 'Cancellation Failed', description: message, variant: 'destructive' });
      setFailure(message);
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: subscriptionKeys.page });
      }
      return;
    }
    toast({ title: answer.message });
    onOpenChange(false);
    props.onCanceled(answer);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (cancel.isPending) return;
        setFailure(null);
        onOpenChange(next);
      }}
      title="Cancel your subscription?"
      description={cancelConsequence(subscription)}
      role="alertdialog"
    >
      <div className="grid gap-4">
        {failure && (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {failure}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            onClick={() => onOpenChange(false)}
            disabled={cancel.isPending}
          >
            Keep Subscription
          </Button>
          <Button onClick={() => void confirm()} disabled={cancel.isPending}>
            {cancel.isPending ? 'Canceling...' : 'Confirm Cancellation'}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
