import { PEOPLE_PAGE_SIZE, PEOPLE_PAGE_SIZES } from '@twinclean/shared/admin-people';
import { Button } from '@twinclean/shared/ui/button';
import type { ReactNode } from 'react';
import { Pager } from '../../components/pager';
import { LoadFailed } from '../../components/query-states';

type Paging = { page?: number | undefined; pageSize?: number | undefined };

/**
 * A server-paged list of people around its table: the failed, empty and filtered-empty states,
 * the pager with rows per page, and a note when a refresh failed behind the rows on screen.
 */
export function PeopleList<S extends Paging>(props: {
  what: string;
  search: S;
  onSearch: (next: S) => void;
  filtered: boolean;
  onClear: () => void;
  query: {
    data: { total: number; page: number } | undefined;
    isError: boolean;
    isFetching: boolean;
    refetch: () => unknown;
  };
  table: ReactNode;
}) {
  const { search, onSearch, query } = props;
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
      <div className="rounded-lg border bg-white p-8 text-center text-slate-600">
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
      </div>
    );
  }
  const pageSize = search.pageSize ?? PEOPLE_PAGE_SIZE;
  return (
    <>
      {props.table}
      {page && (
        <Pager
          page={page.page}
          pageSize={pageSize}
          total={page.total}
          onPage={(next) => onSearch({ ...search, page: next === 1 ? undefined : next })}
          sizes={{
            options: PEOPLE_PAGE_SIZES,
            onChange: (next) =>
              onSearch({
                ...search,
                pageSize: next === PEOPLE_PAGE_SIZE ? undefined : next,
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
