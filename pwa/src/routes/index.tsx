import { createFileRoute } from '@tanstack/react-router';
import { dashboardLoader } from '../features/dashboard/dashboard-loader';
import { DashboardPage } from '../features/dashboard/dashboard-page';

export const Route = createFileRoute('/')({
  loader: dashboardLoader,
  component: DashboardPage,
});
