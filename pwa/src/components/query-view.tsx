import type { UseQueryResult } from '@tanstack/react-query';
import { serverMessage } from '@twinclean/shared/http';
import { Button } from '@twinclean/shared/ui/button';
import type { ReactNode } from 'react';

type QueryViewProps<T> = {
  query: UseQueryResult<T>;
  /** What is loading, for the status line: "Loading jobs…". */
  loading: string;
  children: (data: T) => ReactNode;
};

/** A query's three faces: a status line while it loads, the error with a retry, the data. */
export function QueryView<T>({ query, loading, children }: QueryViewProps<T>) {
  if (query.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 py-6 text-sm text-slate-600">
        <span
          className="size-4 animate-spin rounded-full border-2 border-brand-700 border-t-transparent"
          aria-hidden
        />
        {loading}
      </p>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm">
        <p className="text-red-800">{serverMessage(query.error, 'Something went wrong.')}</p>
        <Button variant="link" className="mt-1" onClick={() => query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}
