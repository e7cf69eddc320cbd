import { Button } from '@twinclean/shared/ui/button';
import { Dialog } from '@twinclean/shared/ui/dialog';

/**
 * "Remove this …?" asked before something of the user's goes (a card, a home): what happens
 * said first, a refusal kept inside the dialog (the toast is outside the modal a screen reader
 * is in), and no closing while the request is on its way.
 */
export function ConfirmRemovalDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  keepLabel: string;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  failure: string | null;
  onConfirm: () => void;
  /** Where focus goes once it closes, when its button is gone (see Dialog). */
  focusAfterClose?: () => HTMLElement | null;
}) {
  const { open, onOpenChange, pending, failure } = props;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!pending) onOpenChange(next);
      }}
      title={props.title}
      description={props.description}
      role="alertdialog"
      focusAfterClose={props.focusAfterClose}
    >
      {failure && (
        <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-sm text-red-800">
          {failure}
        </p>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
          {props.keepLabel}
        </Button>
        <Button onClick={props.onConfirm} disabled={pending}>
          {pending ? props.pendingLabel : props.confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
