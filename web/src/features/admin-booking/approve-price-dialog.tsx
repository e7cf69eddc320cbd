import { zodResolver } from '@hookform/resolvers/zod';
import {
  type OwnerPriceApprovalInput,
  ownerPriceApprovalSchema,
  type PriceProposal,
} from '@twinclean/shared/final-price';
import { serverMessage } from '@twinclean/shared/http';
import { Button } from '@twinclean/shared/ui/button';
import { Dialog } from '@twinclean/shared/ui/dialog';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Failure } from '../../components/action-notes';
import { TextAreaField } from '../../components/ui/field';
import { money } from '../../lib/format';
import { showServerIssues } from '../../lib/server-issues';
import { useApprovePrice } from './api';
import '@twinclean/shared/zod-english';

/**
 * The owner approves a new price on the client's behalf (DECISIONS.md "Final price consent"),
 * with a note saying why, which the audit log keeps. The amount sent is the one the dialog was
 * opened on: a proposal replaced since is refused by the server (409), not approved blindly.
 */
export function ApprovePriceDialog(props: { bookingId: string; proposal: PriceProposal }) {
  const { bookingId, proposal } = props;
  const [open, setOpen] = useState(false);
  const approve = useApprovePrice(bookingId);
  const form = useForm<OwnerPriceApprovalInput>({
    resolver: zodResolver(ownerPriceApprovalSchema),
    defaultValues: { totalAmount: proposal.amount, note: '' },
  });
  // Said inside the dialog too: while it is open, the toasts behind it are hidden from screen
  // readers.
  const [failure, setFailure] = useState<string | null>(null);
  const amount = form.watch('totalAmount');

  const openOn = () => {
    // The price shown when the owner chose to approve it; the note typed before is kept.
    form.setValue('totalAmount', proposal.amount);
    setFailure(null);
    setOpen(true);
  };

  const submit = form.handleSubmit((values) => {
    setFailure(null);
    approve.mutate(values, {
      onSuccess: (answer) => {
        toast({
          title: answer.message,
          description: `${money(answer.booking.price.totalAmount)} is now the final price.`,
        });
        form.reset({ totalAmount: proposal.amount, note: '' });
        setOpen(false);
      },
      onError: (error) => {
        const message = serverMessage(error, 'Failed to approve the new price');
        toast({ title: 'Not Approved', description: message, variant: 'destructive' });
        showServerIssues(error, form);
        setFailure(message);
      },
    });
  });

  return (
    <>
      <Button className="mt-3" onClick={openOn}>
        Approve new price
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          if (!approve.isPending) setOpen(next);
        }}
        title="Approve the new price?"
        description={`On the client’s behalf: ${money(amount)} becomes the price instead of the ${money(proposal.estimate)} estimate, and the deposit or payment request follows it. Only do this when the client agreed.`}
      >
        <form onSubmit={submit} noValidate aria-label="Approve new price" className="grid gap-4">
          <TextAreaField
            label="Note"
            hint="Why it is approved (the client agreed on the phone…). Kept in the audit log."
            required
            maxLength={500}
            error={form.formState.errors.note?.message}
            {...form.register('note')}
          />
          <Failure message={failure} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={approve.isPending}>
              Keep Waiting
            </Button>
            <Button type="submit" disabled={approve.isPending}>
              {approve.isPending ? 'Processing...' : `Approve ${money(amount)}`}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
