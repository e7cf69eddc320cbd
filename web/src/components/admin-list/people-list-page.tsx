import {
  type AccountState,
  PEOPLE_PAGE_SIZE,
  PEOPLE_PAGE_SIZES,
} from '@twinclean/shared/admin-people';
import type { ReactNode } from 'react';
import { FilterBar, FilterSelect } from './filter-select';
import { PagedList } from './list-frame';
import { SortableTable, type SortColumn, type SortState } from './sortable-table';

const STATES = [
  { value: 'active', label: 'Active' },
  { value: 'deactivated', label: 'Deactivated' },
];

type PeopleSearch<O extends string> = {
  q?: string | undefined;
  state?: AccountState | undefined;
  sort?: O | undefined;
  dir?: SortState<O>['dir'] | undefined;
  page?: number | undefined;
  pageSize?: number | undefined;
};

type Change<S> = (next: S, options?: { replace?: boolean }) => void;

/**
 * /admin/clients and /admin/providers: the title, the search and account filters (and what
 * else `filters` adds), and the server-paged, server-sorted table. A filter or a sort starts
 * again from page 1; typing replaces the URL rather than stacking a history entry per pause.
 */
export function PeopleListPage<O extends string, R, S extends PeopleSearch<O>>(props: {
  title: string;
  /** "clients", in "Filter clients" and "No clients yet". */
  what: string;
  search: S;
  onSearch: Change<S>;
  /** Whether a filter of `filters` is set (the search and account state are counted here). */
  filtered: boolean;
  filters?: (apply: Change<S>) => ReactNode;
  query: Parameters<typeof PagedList>[0]['query'] & {
    data: { items: R[] } | undefined;
    isPlaceholderData: boolean;
  };
  columns: readonly SortColumn<O>[];
  /** The sort when the URL names none. */
  defaultSort: SortState<O>;
  /** The width the table keeps: a literal class such as `min-w-[52rem]`. */
  tableClass: string;
  row: (row: R) => ReactNode;
}) {
  const { search, onSearch } = props;
  const filtered = Boolean(props.filtered || search.q || search.state);
  const clear = () =>
    onSearch({ sort: search.sort, dir: search.dir, pageSize: search.pageSize } as S);
  const apply: Change<S> = (next, options) =>
    onSearch({ ...search, ...next, page: undefined }, options);
  return (
    <div className="mx-auto grid max-w-7xl gap-5">
      <h1 className="text-3xl font-bold tracking-tight">{props.title}</h1>
      <FilterBar
        label={`Filter ${props.what}`}
        search={{
          value: search.q,
          placeholder: 'Name, e-mail or phone',
          onSearch: (q) => apply({ q } as S, { replace: true }),
        }}
        filtered={filtered}
        onClear={clear}
      >
        <FilterSelect
          label="Account"
          all="All accounts"
          options={STATES}
          value={search.state}
          onChange={(state) => apply({ state } as S)}
        />
        {props.filters?.(apply)}
      </FilterBar>
      <PagedList
        what={props.what}
        search={search}
        onSearch={onSearch}
        filtered={filtered}
        onClear={clear}
        sizes={PEOPLE_PAGE_SIZES}
        defaultSize={PEOPLE_PAGE_SIZE}
        query={props.query}
        table={
          <SortableTable
            caption={props.title}
            columns={props.columns}
            sort={{
              sort: search.sort ?? props.defaultSort.sort,
              dir: search.dir ?? props.defaultSort.dir,
            }}
            onSort={(next) => onSearch({ ...search, ...next, page: undefined })}
            busy={props.query.isPlaceholderData}
            className={props.tableClass}
            loading={`Loading ${props.what}...`}
            rows={props.query.data?.items}
            row={props.row}
          />
        }
      />
    </div>
  );
}
