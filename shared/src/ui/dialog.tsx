import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

type DialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  /** 'alertdialog' for a confirmation that interrupts; screen readers announce it as such. */
  role?: 'dialog' | 'alertdialog';
  /**
   * Where focus goes once it closes, when the control that opened it is gone (a row's button
   * that the change removed); null or absent: back to that control, Radix's default.
   */
  focusAfterClose?: () => HTMLElement | null;
  children: ReactNode;
};

/** A modal with a title, focus kept inside, Escape and the close button dismiss it. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  role = 'dialog',
  focusAfterClose,
  children,
}: DialogProps) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <DialogPrimitive.Content
          role={role}
          onCloseAutoFocus={(event) => {
            const target = focusAfterClose?.();
            if (!target) return;
            event.preventDefault();
            target.focus();
          }}
          // Radix warns about a missing description unless told there is none on purpose.
          {...(description ? {} : { 'aria-describedby': undefined })}
          className="fixed inset-x-4 top-1/2 z-50 mx-auto max-h-[90vh] max-w-md -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-5 shadow-xl"
        >
          <DialogPrimitive.Title className="pr-8 text-lg font-semibold">
            {title}
          </DialogPrimitive.Title>
          {description && (
            <DialogPrimitive.Description className="mt-1 text-sm text-slate-600">
              {description}
            </DialogPrimitive.Description>
          )}
          <div className="mt-4">{children}</div>
          <DialogPrimitive.Close
            aria-label="Close"
            className="absolute right-3 top-3 rounded p-1 text-slate-500 hover:text-slate-900"
          >
            <X className="size-5" aria-hidden />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
