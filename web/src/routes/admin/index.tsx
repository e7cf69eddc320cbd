import { createFileRoute } from '@tanstack/react-router';
import { usePageMeta } from '../../components/page-meta';
import { RecentBookings } from '../../features/admin-bookings/recent-bookings';
import { StatCards } from '../../features/admin-dashboard/stat-cards';

export const Route = createFileRoute('/admin/')({ component: AdminDashboard });

function AdminDashboard() {
  usePageMeta('Admin | TwinClean', 'TwinClean operations.');
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-6">
      <h1 className="text-3xl font-bold tracking-tight">Dashboard</h1>
      <StatCards />
      <RecentBookings />
    </div>
  );
}
