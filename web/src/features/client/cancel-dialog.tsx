import { zodResolver } from '@hookform/resolvers/zod';
import type { CancelTerms } from '@twinclean/shared/booking-policy';
import { type CancelBookingInput, cancelBookingSchema } from '@twinclean/shared/client-bookings';
import { serverMessage } from '@twinclean/shared/http';
import { Button } from '@twinclean/shared/ui/button';
import { Dialog } from '@twinclean/shared/ui/dialog';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { TextAreaField } from '../../components/ui/field';
import { showServerIssues } from '../../lib/server-issues';
import { useCancelBooking } from './booking-actions';
import '@twinclean/shared/zod-english';

/**
 * The cancel dialog: what canceling now costs (the server's terms) before the confirm button,
 * and a reason, which must not be blank (spec 2 §5). The form lives outside the dialog's
 * content, so what was typed survives a failed request and a close.
 */
export function CancelDialog(props: {
  bookingId: string;
  terms: Extract<CancelTerms, { allowed: true }>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { bookingId, terms, open, onOpenChange } = props;
  const cancel = useCancelBooking(bookingId);
  const form = useForm<CancelBookingInput>({
    resolver: zodResolver(cancelBookingSchema),
    defaultValues: { reason: '' },
  });
  // Said inside the dialog too: while it is open, the page behind it (the toasts with it) is
  // hidden from screen readers.
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit((values) => {
    setFailure(null);
    cancel.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Booking Canceled' });
        form.reset();
        onOpenChange(false);
      },
      onError: (error) => {
        const message = serverMessage(error, 'Failed to cancel booking');
        toast({ title: 'Cancellation Failed', description: message, variant: 'destructive' });
        showServerIssues(error, form);
        setFailure(message);
      },
    });
  });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!cancel.isPending) onOpenChange(next);
      }}
      title="Cancel this booking?"
      description={terms.summary}
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
            Keep Booking
          </Button>
          <Button type="submit" disabled={cancel.isPending}>
            {cancel.isPending ? 'Canceling...' : 'Confirm Cancellation'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
