import type { ClientBooking } from '@twinclean/shared/client-bookings';
import { Button } from '@twinclean/shared/ui/button';
import { useId, useState } from 'react';
import { DetailCard } from '../../components/detail-card';
import { CancelDialog } from './cancel-dialog';
import { RescheduleDialog } from './reschedule-dialog';

/** One action: its button, and when the server says no, why (read with the button). */
function Action(props: { label: string; refusal: string | null; onClick: () => void }) {
  const reasonId = useId();
  return (
    <div className="grid gap-1.5">
      <Button
        variant="secondary"
        disabled={props.refusal !== null}
        aria-describedby={props.refusal ? reasonId : undefined}
        onClick={props.onClick}
      >
        {props.label}
      </Button>
      {props.refusal && (
        <p id={reasonId} className="text-xs text-slate-600">
          {props.refusal}
        </p>
      )}
    </div>
  );
}

/**
 * Spec 2 §4: reschedule and cancel unless the booking is completed or canceled; the server's
 * terms say whether each is still possible (rescheduling ends 12 h before or at clock-in).
 */
export function ManageBooking({ booking }: { booking: ClientBooking }) {
  const [dialog, setDialog] = useState<'reschedule' | 'cancel' | null>(null);
  if (booking.status === 'completed' || booking.status === 'canceled') return null;
  const { cancelTerms, rescheduleTerms } = booking;
  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };
  return (
    <DetailCard title="Manage Booking">
      <div className="grid gap-3">
        <Action
          label="Reschedule"
          refusal={rescheduleTerms.allowed ? null : rescheduleTerms.reason}
          onClick={() => setDialog('reschedule')}
        />
        <Action
          label="Cancel Booking"
          refusal={cancelTerms.allowed ? null : cancelTerms.reason}
          onClick={() => setDialog('cancel')}
        />
      </div>
      {rescheduleTerms.allowed && (
        <RescheduleDialog
          bookingId={booking.id}
          open={dialog === 'reschedule'}
          onOpenChange={close}
        />
      )}
      {cancelTerms.allowed && (
        <CancelDialog
          bookingId={booking.id}
          terms={cancelTerms}
          open={dialog === 'cancel'}
          onOpenChange={close}
        />
      )}
    </DetailCard>
  );
}
