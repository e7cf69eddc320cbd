import { CheckCircle2 } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';

/**
 * The checkout once the payment is recorded. Focus moves to it, so a screen reader hears the
 * outcome rather than the silence of a form that vanished.
 */
export function PaymentDone({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      className="rounded-lg border border-green-300 bg-green-50 p-6 text-center outline-none"
    >
      <CheckCircle2 className="mx-auto size-12 text-green-700" aria-hidden />
      <h2 className="mt-3 text-xl font-semibold">Payment Successful</h2>
      <div className="mt-2 text-slate-700">{children}</div>
    </div>
  );
}
