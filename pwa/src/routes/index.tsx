import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { type CurrentUser, currentUserSchema } from '@twinclean/shared/auth';
import { getQueryFn } from '@twinclean/shared/http';

export const Route = createFileRoute('/')({ component: Dashboard });

function Dashboard() {
  const user = useQuery({
    queryKey: ['/api/auth/user'],
    queryFn: getQueryFn<CurrentUser>({ on401: 'returnNull' }),
    select: (data) => (data ? currentUserSchema.parse(data) : null),
  });
  if (user.isPending) {
    return (
      <p role="status" className="py-16 text-center text-slate-600">
        Loading…
      </p>
    );
  }
  if (user.isError) {
    return (
      <p role="alert" className="py-16 text-center text-red-700">
        Could not reach TwinClean. Check your connection and try again.
      </p>
    );
  }
  if (!user.data) {
    return (
      <section className="py-16 text-center">
        <h1 className="text-2xl font-bold">Welcome to TwinClean Pro</h1>
        <p className="mt-2 text-slate-600">
          Sign in to see your jobs, clock in and track your pay.
        </p>
        <a
          href="/login?redirect=/provider"
          className="mt-6 inline-block rounded-md bg-brand-700 px-6 py-3 font-semibold text-white"
        >
          Sign In
        </a>
      </section>
    );
  }
  return (
    <section>
      <h1 className="text-2xl font-bold">Hi, {user.data.firstName}</h1>
      <p className="mt-1 text-slate-600">Your jobs and earnings will appear here.</p>
    </section>
  );
}
