import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import type { PhoneTop } from './toast-area';
import { dismissToast, useToasts } from './toast-store';

/**
 * The toast region (loaded with the first toast: see toast-area.tsx): F8 focuses it, swipe right
 * dismisses. On a phone it sits at the top, from `phoneTop` down: the provider app starts it below
 * its header, so a toast never covers (or, paused under a finger, holds over) the sync badge.
 */
export function Toaster({ phoneTop = 'top-0' }: { phoneTop?: PhoneTop }) {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          duration={t.duration}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          className={`relative flex w-full items-start gap-3 rounded-md border p-4 pr-10 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] ${
            t.variant === 'destructive'
              ? 'border-red-700 bg-red-700 text-white'
              : 'bg-white text-slate-900'
          }`}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
            {t.description && (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {t.description}
              </ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute right-2 top-2 rounded p-1 opacity-70 hover:opacity-100"
          >
            <X className="size-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        className={`fixed ${phoneTop} z-[100] flex max-h-screen w-full flex-col-reverse p-4 sm:bottom-0 sm:right-0 sm:top-auto sm:flex-col md:max-w-[420px]`}
      />
    </ToastPrimitive.Provider>
  );
}
