import { lazy, Suspense, useEffect, useRef } from 'react';
import { useToasts } from './toast-store';

/** Where toasts sit; on a phone at the top, from `phoneTop` down. */
export type PhoneTop = 'top-0' | 'top-14';

/** The region's name, as Radix's viewport names itself (its default label and hotkey). */
const TOAST_REGION_LABEL = 'Notifications (F8)';

// Radix's toast and its layers are a tenth of a first screen's JavaScript (12 KB gzip) and most
// visits show no toast: they load with the first one. The toaster imports nothing from here but
// types, so this stays in the chunk that renders it.
const Toaster = lazy(() => import('./toaster').then(({ Toaster }) => ({ default: Toaster })));

/**
 * What Radix's viewport is while no toast shows: an empty region that F8 focuses. It stands in
 * until the first toast, so the area is there from the first render without Radix.
 */
function EmptyToastRegion() {
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
      {/* Empty, it takes no room: it needs none of the toasts' placement. */}
      <ol tabIndex={-1} />
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
  const standIn = alwaysRendered ? <EmptyToastRegion /> : null;
  if (!shown) return standIn;
  return (
    <Suspense fallback={standIn}>
      <Toaster phoneTop={phoneTop} />
    </Suspense>
  );
}
