import { serverMessage } from '@twinclean/shared/http';
import type { AdminTransfer } from '@twinclean/shared/payout-transfers';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useState } from 'react';
import { ConfirmRemovalDialog } from '../../components/confirm-removal-dialog';
import { useTransferAction } from './api';
import { canCancel, canRetry } from './format';

const refused = (error: unknown, fallback: string) =>
  toast({ title: 'Error', description: serverMessage(error, fallback), variant: 'destructive' });

/** Retry now: a delayed transfer is tried at once instead of at its next try. */
function RetryButton({ transfer }: { transfer: AdminTransfer }) {
  const retry = useTransferAction(transfer.id, 'retry', {
    onAnswer: (answer) => toast({ title: 'Retrying', description: answer.message }),
    onRefusal: (error) => refused(error, 'The transfer could not be retried.'),
  });
  return (
    <Button disabled={retry.isPending} onClick={() => retry.mutate()}>
      {retry.isPending ? 'Retrying...' : 'Retry now'}
    </Button>
  );
}

/**
 * Cancel transfer (owners): asked first, since its payouts then wait for Mark Paid. A refusal
 * (being sent right now, or the gateway made it after all) stays in the dialog and in a toast.
 */
function CancelButton({ transfer }: { transfer: AdminTransfer }) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const cancel = useTransferAction(transfer.id, 'cancel', {
    onAnswer: (answer) => toast({ title: 'Transfer canceled', description: answer.message }),
    onRefusal: (error) => refused(error, 'The transfer could not be canceled.'),
  });
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => {
          setFailure(null);
          setOpen(true);
        }}
      >
        Cancel transfer
      </Button>
      <ConfirmRemovalDialog
        open={open}
        onOpenChange={setOpen}
        title="Cancel this transfer?"
        description="Its payouts go back to Mark Paid."
        keepLabel="Keep transfer"
        confirmLabel="Cancel transfer"
        pendingLabel="Canceling..."
        pending={cancel.isPending}
        failure={failure}
        onConfirm={() => {
          setFailure(null);
          cancel.mutate(undefined, {
            onSuccess: () => setOpen(false),
            onError: (error) =>
              setFailure(serverMessage(error, 'The transfer could not be canceled.')),
          });
        }}
      />
    </>
  );
}

/** What may be done about a transfer now; null when nothing (sent, canceled, or staff's view). */
export function TransferActions({
  transfer,
  isOwner,
}: {
  transfer: AdminTransfer;
  isOwner: boolean;
}) {
  const retry = canRetry(transfer);
  const cancel = isOwner && canCancel(transfer);
  if (!retry && !cancel) return null;
  return (
    <div className="flex flex-wrap gap-3">
      {retry && <RetryButton transfer={transfer} />}
      {cancel && <CancelButton transfer={transfer} />}
    </div>
  );
}
