import { statusLabel } from '@twinclean/shared/booking-status';

export function StatusBadge({ status }: { status: string }) {
  const tone =
    status === 'completed'
      ? 'bg-green-100 text-green-800'
      : status === 'canceled'
        ? 'bg-red-100 text-red-800'
        : status === 'in_progress'
          ? 'bg-blue-100 text-blue-800'
          : 'bg-slate-100 text-slate-800';
  return (
    <span className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ${tone}`}>
      {statusLabel(status)}
    </span>
  );
}
