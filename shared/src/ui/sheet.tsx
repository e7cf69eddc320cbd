import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';

/**
 * A panel that slides over the page from the left edge: a modal (focus kept inside, the page
 * behind inert), closed by Escape, the close button or a click outside.
 */
export function Sheet({
  open,
  onOpenChange,
  title,
  width = '16rem',
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Its accessible name; shown only to screen readers, the content says the rest. */
  title: string;
  width?: string;
  children: ReactNode;
}) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          style={{ width }}
          className="fixed inset-y-0 left-0 z-50 flex max-w-[85vw] flex-col bg-white shadow-xl"
        >
          <DialogPrimitive.Title className="sr-only">{title}</DialogPrimitive.Title>
          {children}
          <DialogPrimitive.Close
            aria-label="Close"
            className="absolute right-2 top-3 rounded p-1 text-slate-500 hover:text-slate-900"
          >
            <X className="size-5" aria-hidden />
          </DialogPrimitive.Close>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
