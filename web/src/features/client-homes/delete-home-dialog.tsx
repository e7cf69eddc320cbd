import type { Home } from '@twinclean/shared/homes';
import { serverMessage } from '@twinclean/shared/http';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useState } from 'react';
import { ConfirmRemovalDialog } from '../../components/confirm-removal-dialog';
import { useDeleteHome } from './api';

/** Asks before deleting a home; a home a recurring cleaning visits is refused with the reason. */
export function DeleteHomeDialog(props: {
  home: Home;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The home is gone, and the button that opened this with it: the page says where focus goes. */
  onDeleted: () => void;
}) {
  const { home, open, onOpenChange } = props;
  const remove = useDeleteHome();
  const [failure, setFailure] = useState<string | null>(null);

  const confirm = () => {
    setFailure(null);
    remove.mutate(home.id, {
      onSuccess: () => {
        toast({ title: 'Home Deleted', description: `${home.address} was removed.` });
        onOpenChange(false);
        props.onDeleted();
      },
      onError: (error) => {
        const message = serverMessage(error, 'Failed to delete the home');
        toast({ title: 'Home Not Deleted', description: message, variant: 'destructive' });
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
      title="Delete this home?"
      description={`${home.address} will no longer be offered when you book. Visits already booked there are not changed.`}
      keepLabel="Keep Home"
      confirmLabel="Delete Home"
      pendingLabel="Deleting..."
      pending={remove.isPending}
      failure={failure}
      onConfirm={confirm}
    />
  );
}
