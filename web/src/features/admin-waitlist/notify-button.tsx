import { serverMessage } from '@twinclean/shared/http';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useState } from 'react';
import { ConfirmRemovalDialog } from '../../components/confirm-removal-dialog';
import { useNotifyWaitlist } from './api';

/**
 * E-mail waitlist for one served ZIP: asked first (the mail cannot be taken back), busy while it
 * goes, the answer in a toast; a refusal stays in the dialog, where a screen reader is.
 */
export function NotifyButton({ zip }: { zip: string }) {
  const notify = useNotifyWaitlist();
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = () => {
    setFailure(null);
    notify.mutate(zip, {
      onSuccess: (answer) => {
        setOpen(false);
        toast({
          title: answer.sent
            ? `${answer.sent} e-mail${answer.sent === 1 ? '' : 's'} sent`
            : 'Nobody e-mailed',
          description: answer.message,
        });
      },
      onError: (error) =>
        setFailure(serverMessage(error, 'The waitlist could not be e-mailed. Please try again.')),
    });
  };
  return (
    <>
      <Button
        variant="secondary"
        className="whitespace-nowrap"
        aria-label={`E-mail the ${zip} waitlist`}
        disabled={notify.isPending}
        onClick={() => {
          setFailure(null);
          setOpen(true);
        }}
      >
        {notify.isPending ? 'Sending...' : 'E-mail waitlist'}
      </Button>
      <ConfirmRemovalDialog
        open={open}
        onOpenChange={setOpen}
        title={`E-mail the ${zip} waitlist?`}
        // The ZIP's whole waitlist, whatever service the page is filtered to: so is the e-mail.
        description={`Everyone still waiting in ${zip}, for any service and not only those shown, gets one e-mail saying we clean there now, with a link to book. Each person is e-mailed once.`}
        keepLabel="Not now"
        confirmLabel="E-mail waitlist"
        pendingLabel="Sending..."
        pending={notify.isPending}
        failure={failure}
        onConfirm={confirm}
      />
    </>
  );
}
