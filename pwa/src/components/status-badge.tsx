const labels: Record<string, string> = {
  pending_assignment: 'Pending Assignment',
  assigned: 'Assigned',
  pending_deposit: 'Pending Deposit',
  deposit_paid: 'Deposit Paid',
  fully_paid: 'Fully Paid',
  en_route: 'En Route',
  in_progress: 'In Progress',
  completed: 'Completed',
  canceled: 'Canceled',
};

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
      {labels[status] ?? status}
    </span>
  );
}
