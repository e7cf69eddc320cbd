import { CheckCircle2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { AnnouncedStatus } from '../../../components/announced-status';

/** The checkout once the payment is recorded, announced where the form was. */
export function PaymentDone({ children }: { children: ReactNode }) {
  return (
    <AnnouncedStatus className="p-6 text-center">
      <CheckCircle2 className="mx-auto size-12 text-green-700" aria-hidden />
      <h2 className="mt-3 text-xl font-semibold">Payment Successful</h2>
      <div className="mt-2 text-slate-700">{children}</div>
    </AnnouncedStatus>
  );
}
