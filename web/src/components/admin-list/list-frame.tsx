import { Button } from '@twinclean/shared/ui/button';
import type { ReactNode } from 'react';
import { Pager } from '../pager';
import { LoadFailed, Loading } from '../query-states';

type ListQuery<T> = {
  data:
    | { items: T[]; page: number; pageSize: number; total: number; totalAtLeast?: boolean }
    | undefined;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
};

/** A list with nothing in it: why, in words. */
export function EmptyList({ children }: { children: ReactNode }) {
  return (
    <div className="rounded-lg border bg-white p-8 text-center text-slate-600">{children}</div>
  );
}

/**
 * A list the server pages a fixed size at a time, around what shows its items: loading, the
 * failed read with a retry, the empty list's words, and the pager under the items. The page on
 * screen stays (marked busy) while the next loads.
 */
export function ListFrame<T>(props: {
  query: ListQuery<T>;
  /** "Loading subscribers...". */
  loading: string;
  /** "The subscribers could not be loaded." */
  failed: string;
  /** Why there is nothing: "No subscribers yet", or that the filters match nothing. */
  empty: string;
  onPage: (page: number) => void;
  children: (items: T[]) => ReactNode;
}) {
  const { query } = props;
  if (query.data) {
    const { items, page, pageSize, total, totalAtLeast } = query.data;
    return (
      <div aria-busy={query.isPlaceholderData} className="space-y-4">
        {items.length === 0 ? <EmptyList>{props.empty}</EmptyList> : props.children(items)}
        <Pager
          page={page}
          pageSize={pageSize}
          total={total}
          totalAtLeast={totalAtLeast}
          onPage={props.onPage}
        />
      </div>
    );
  }
  if (query.isError) {
    return (
      <LoadFailed
        message={props.failed}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <Loading label={props.loading} />;
}

type Paging = { page?: number | undefined; pageSize?: number | undefined };

/**
 * A sortable table the server pages, with rows per page to choose: the table shows its own
 * skeleton while the first page loads, so this frame adds the failed, empty and filtered-empty
 * states, the pager, and a note when a refresh failed behind the rows on screen.
 */
export function PagedList<S extends Paging>(props: {
  /** "clients": in "No clients yet", "The clients could not be loaded.". */
  what: string;
  search: S;
  onSearch: (next: S) => void;
  filtered: boolean;
  onClear: () => void;
  sizes: readonly number[];
  defaultSize: number;
  query: Omit<ListQuery<unknown>, 'isPlaceholderData' | 'data'> & {
    data: { total: number; totalAtLeast?: boolean; page: number } | undefined;
  };
  table: ReactNode;
}) {
  const { search, onSearch, query, defaultSize } = props;
  const page = query.data;
  if (query.isError && !page) {
    return (
      <LoadFailed
        message={`The ${props.what} could not be loaded.`}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (page && page.total === 0) {
    return (
      <EmptyList>
        {props.filtered ? (
          <>
            <p>No {props.what} match these filters</p>
            <Button variant="secondary" className="mt-4" onClick={props.onClear}>
              Clear filters
            </Button>
          </>
        ) : (
          <p>No {props.what} yet</p>
        )}
      </EmptyList>
    );
  }
  return (
    <>
      {props.table}
      {page && (
        <Pager
          page={page.page}
          pageSize={search.pageSize ?? defaultSize}
          total={page.total}
          totalAtLeast={page.totalAtLeast}
          onPage={(next) => onSearch({ ...search, page: next === 1 ? undefined : next })}
          sizes={{
            options: props.sizes,
            onChange: (next) =>
              onSearch({
                ...search,
                pageSize: next === defaultSize ? undefined : next,
                page: undefined,
              }),
          }}
        />
      )}
      {query.isError && (
        <p role="alert" className="text-sm text-red-700">
          The {props.what} could not be refreshed.{' '}
          <button type="button" className="underline" onClick={() => void query.refetch()}>
            Try again
          </button>
        </p>
      )}
    </>
  );
}
