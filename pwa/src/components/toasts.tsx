import { useToasts } from '@twinclean/shared/ui/toast-store';
import { lazy, Suspense } from 'react';

// Radix's toast and its layers are a tenth of the first screen's JavaScript and most visits show
// no toast: they load with the first one (the service worker has them precached, offline too).
const Toaster = lazy(() =>
  import('@twinclean/shared/ui/toaster').then(({ Toaster }) => ({ default: Toaster })),
);

/** The toast region, from the first toast on; below the header, clear of the sync badge. */
export function Toasts() {
  const shown = useToasts().length > 0;
  return shown ? (
    <Suspense fallback={null}>
      <Toaster phoneTop="top-14" />
    </Suspense>
  ) : null;
}
