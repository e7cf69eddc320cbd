import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminBooking,
  type AdminCancelInput,
  adminCancelSchema,
} from '@twinclean/shared/admin-booking';
import { serverMessage } from '@twinclean/shared/http';
import { Button } from '@twinclean/shared/ui/button';
import { Dialog } from '@twinclean/shared/ui/dialog';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Failure, Unavailable } from '../../components/action-notes';
import { DetailCard } from '../../components/detail-card';
import { TextAreaField } from '../../components/ui/field';
import { showServerIssues } from '../../lib/server-issues';
import { useCancel } from './api';
import '@twinclean/shared/zod-english';

/**
 * Cancel on the client's behalf, under the client's policy (its terms shown before confirming);
 * admin_owner alone is offered to waive the late fee. The form lives outside the dialog's
 * content, so what was typed survives a failed request and a close.
 */
export function CancelCard({ booking, isOwner }: { booking: AdminBooking; isOwner: boolean }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancel(booking.id);
  const waiveId = useId();
  const form = useForm<AdminCancelInput>({
    resolver: zodResolver(adminCancelSchema),
    defaultValues: { reason: '', waiveFee: false },
  });
  // Said inside the dialog too: while it is open, the toasts behind it are hidden from screen
  // readers.
  const [failure, setFailure] = useState<string | null>(null);
  const terms = booking.actions.cancel;

  const submit = form.handleSubmit((values) => {
    setFailure(null);
    cancel.mutate(
      { reason: values.reason, ...(isOwner && values.waiveFee ? { waiveFee: true } : {}) },
      {
        onSuccess: () => {
          toast({ title: 'Booking Canceled' });
          form.reset();
          setOpen(false);
        },
        onError: (error) => {
          const message = serverMessage(error, 'Failed to cancel booking');
          toast({ title: 'Cancellation Failed', description: message, variant: 'destructive' });
          showServerIssues(error, form);
          setFailure(message);
        },
      },
    );
  });

  if (booking.cancellation) return null;
  return (
    <DetailCard title="Cancel booking">
      {terms.allowed ? (
        <>
          <p className="text-sm text-slate-700">{terms.summary}</p>
          <Button variant="secondary" className="mt-3" onClick={() => setOpen(true)}>
            Cancel Booking
          </Button>
          <Dialog
            open={open}
            onOpenChange={(next) => {
              if (!cancel.isPending) setOpen(next);
            }}
            title="Cancel this booking?"
            description={`On the client's behalf. ${terms.summary}`}
            role="alertdialog"
          >
            <form onSubmit={submit} noValidate aria-label="Cancel booking" className="grid gap-4">
              <TextAreaField
                label="Reason for canceling"
                required
                maxLength={500}
                error={form.formState.errors.reason?.message}
                {...form.register('reason')}
              />
              {isOwner && !terms.free && terms.feeCents > 0 && (
                <div className="flex items-start gap-2">
                  <input
                    id={waiveId}
                    type="checkbox"
                    className="mt-1 size-4"
                    {...form.register('waiveFee')}
                  />
                  <label htmlFor={waiveId} className="text-sm">
                    Waive the cancellation fee
                  </label>
                </div>
              )}
              <Failure message={failure} />
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Button
                  variant="secondary"
                  onClick={() => setOpen(false)}
                  disabled={cancel.isPending}
                >
                  Keep Booking
                </Button>
                <Button type="submit" disabled={cancel.isPending}>
                  {cancel.isPending ? 'Processing...' : 'Confirm Cancellation'}
                </Button>
              </div>
            </form>
          </Dialog>
        </>
      ) : (
        <Unavailable reason={terms.reason} />
      )}
    </DetailCard>
  );
}
