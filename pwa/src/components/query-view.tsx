import type { UseQueryResult } from '@tanstack/react-query';
import { serverMessage } from '@twinclean/shared/http';
import { Button } from '@twinclean/shared/ui/button';
import type { ReactNode } from 'react';
import { timeAgo } from './time-ago';

type QueryViewProps<T> = {
  query: UseQueryResult<T>;
  /** What is loading, for the status line: "Loading jobs…". */
  loading: string;
  children: (data: T) => ReactNode;
};

/**
 * A query's faces: a status line while it first loads, the error with a retry when there is
 * nothing to show, else the data — the last known data when offline, with its age.
 */
export function QueryView<T>({ query, loading, children }: QueryViewProps<T>) {
  if (query.data !== undefined) {
    const behind = query.isError || query.fetchStatus === 'paused';
    return (
      <>
        {behind && (
          <p role="status" className="mb-2 text-xs text-slate-600">
            Offline · last updated {timeAgo(query.dataUpdatedAt)}
          </p>
        )}
        {children(query.data)}
      </>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm">
        <p className="text-red-800">
          {serverMessage(query.error, 'You are offline and this was never loaded on this phone.')}
        </p>
        <Button variant="link" className="mt-1" onClick={() => query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
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
