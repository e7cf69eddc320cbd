import { Link } from '@tanstack/react-router';
import { ApiError } from '@twinclean/shared/http';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { usePageMeta } from '../page-meta';
import { LoadFailed, Loading } from '../query-states';

const backLink =
  'inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline';

/** 404 for nobody by that id, 400 for an id that is not one (a mistyped link). */
export const isNotFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.code === 'validation_error');

type Person = { firstName: string; lastName: string };

/** One column of a person's cards; two stand side by side from a laptop up. */
export function PageColumn({ children }: { children: ReactNode }) {
  return <div className="grid min-w-0 content-start gap-6">{children}</div>;
}

/**
 * An admin's page of one client or provider: loading, not found (with the way back), a failed
 * read with a retry, then the back link, their name and `children` (two PageColumns).
 */
export function PersonPage<P extends Person>(props: {
  query: {
    data: P | undefined;
    error: unknown;
    isPending: boolean;
    isError: boolean;
    isFetching: boolean;
    refetch: () => unknown;
  };
  noun: 'Client' | 'Provider';
  back: '/admin/clients' | '/admin/providers';
  /** The meta description. */
  description: string;
  children: (person: P, name: string) => ReactNode;
}) {
  const { query, noun } = props;
  const person = query.data;
  const missing = query.isError && isNotFound(query.error);
  const name = person ? `${person.firstName} ${person.lastName}` : noun;
  const lower = noun.toLowerCase();
  const backTo = `Back to ${noun}s`;
  usePageMeta(`${missing ? `${noun} Not Found` : name} | TwinClean Admin`, props.description);
  if (query.isPending) return <Loading label={`Loading the ${lower}…`} />;
  if (missing) {
    return (
      <div className="py-16 text-center">
        <h1 className="text-3xl font-bold tracking-tight">{noun} Not Found</h1>
        <p className="mt-3 text-slate-600">No {lower} has this reference. The link may be wrong.</p>
        <Link to={props.back} className={`mt-6 ${backLink}`}>
          {backTo}
        </Link>
      </div>
    );
  }
  if (query.isError || !person) {
    return (
      <LoadFailed
        message={`We couldn't load this ${lower}.`}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div>
        <Link to={props.back} className={backLink}>
          <ArrowLeft className="size-4" aria-hidden />
          {backTo}
        </Link>
        <h1 className="mt-3 text-3xl font-bold tracking-tight">{name}</h1>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">{props.children(person, name)}</div>
    </div>
  );
}
