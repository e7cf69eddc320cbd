import { createFileRoute } from '@tanstack/react-router';

export const Route = createFileRoute('/')({ component: Dashboard });

function Dashboard() {
  const { user } = Route.useRouteContext();
  return (
    <section>
      <h1 className="text-2xl font-bold">Hi, {user.firstName}</h1>
      <p className="mt-1 text-slate-600">Your jobs and earnings will appear here.</p>
      <a
        href="/api/logout"
        className="mt-6 inline-block text-sm font-medium text-brand-700 underline"
      >
        Sign out
      </a>
    </section>
  );
}
