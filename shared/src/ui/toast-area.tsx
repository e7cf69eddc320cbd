import { lazy, Suspense, useEffect, useRef } from 'react';
import { useToasts } from './toast-store';

/** Where toasts sit; on a phone at the top, from `phoneTop` down. */
export type PhoneTop = 'top-0' | 'top-14';

export const toastViewportClass = (phoneTop: PhoneTop): string =>
  `fixed ${phoneTop} z-[100] flex max-h-screen w-full flex-col-reverse p-4 sm:bottom-0 sm:right-0 sm:top-auto sm:flex-col md:max-w-[420px]`;

/** The region's name, as Radix's viewport names itself (its default label and hotkey). */
const TOAST_REGION_LABEL = 'Notifications (F8)';

// Radix's toast and its layers are a tenth of a first screen's JavaScript (12 KB gzip) and most
// visits show no toast: they load with the first one.
const Toaster = lazy(() => import('./toaster').then(({ Toaster }) => ({ default: Toaster })));

/**
 * What Radix's viewport is while no toast shows: an empty region that F8 focuses. It stands in
 * until the first toast, so the area is there from the first render without Radix.
 */
function EmptyToastRegion({ phoneTop }: { phoneTop: PhoneTop }) {
  const region = useRef<HTMLElement>(null);
  useEffect(() => {
    const focusOnF8 = (event: KeyboardEvent) => {
      if (event.code === 'F8') region.current?.focus();
    };
    document.addEventListener('keydown', focusOnF8);
    return () => document.removeEventListener('keydown', focusOnF8);
  }, []);
  return (
    // A named section is a region, as Radix's div with role="region" is.
    <section
      ref={region}
      aria-label={TOAST_REGION_LABEL}
      tabIndex={-1}
      style={{ pointerEvents: 'none' }}
    >
      <ol tabIndex={-1} className={toastViewportClass(phoneTop)} />
    </section>
  );
}

/**
 * The toast area. `alwaysRendered` (the public site's spec: "A toast area is always rendered")
 * keeps an empty region on the page before the first toast; without it there is none until then.
 * Toasts stay in the store long after they close, so Radix, once loaded, stays.
 */
export function ToastArea({
  phoneTop = 'top-0',
  alwaysRendered,
}: {
  phoneTop?: PhoneTop;
  alwaysRendered: boolean;
}) {
  const shown = useToasts().length > 0;
  const standIn = alwaysRendered ? <EmptyToastRegion phoneTop={phoneTop} /> : null;
  if (!shown) return standIn;
  return (
    <Suspense fallback={standIn}>
      <Toaster phoneTop={phoneTop} />
    </Suspense>
  );
}
