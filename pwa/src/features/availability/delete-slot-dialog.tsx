import { serverMessage } from '@twinclean/shared/http';
import { Button } from '@twinclean/shared/ui/button';
import { Dialog } from '@twinclean/shared/ui/dialog';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useDeleteSlot } from './availability-queries';

type DeleteSlotDialogProps = {
  slot: { id: string };
  /** "Monday, 9:00 AM - 5:00 PM", so the provider knows which slot goes. */
  label: string;
  onOpenChange: (open: boolean) => void;
};

export function DeleteSlotDialog({ slot, label, onOpenChange }: DeleteSlotDialogProps) {
  const remove = useDeleteSlot();
  const failure = remove.error && serverMessage(remove.error, 'Failed to delete availability');
  const onDelete = () =>
    remove.mutate(slot.id, {
      onSuccess: () => {
        toast({ title: 'Success', description: 'Availability slot deleted successfully' });
        onOpenChange(false);
        // The slot's delete button is gone; put focus somewhere that still exists.
        requestAnimationFrame(() => document.querySelector<HTMLElement>('h1')?.focus());
      },
      onError: (error) =>
        toast({
          title: 'Error',
          description: serverMessage(error, 'Failed to delete availability'),
          variant: 'destructive',
        }),
    });
  return (
    <Dialog
      open
      onOpenChange={onOpenChange}
      role="alertdialog"
      title="Are you sure you want to delete this availability slot?"
      description={label}
    >
      {failure && (
        <p role="alert" className="mb-3 text-sm text-red-800">
          {failure}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={() => onOpenChange(false)}>
          Cancel
        </Button>
        <Button
          className="bg-red-700 hover:bg-red-800"
          disabled={remove.isPending}
          onClick={onDelete}
        >
          {remove.isPending ? 'Deleting...' : 'Delete'}
        </Button>
      </div>
    </Dialog>
  );
}
