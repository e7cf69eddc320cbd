import { Button } from '@twinclean/shared/ui/button';
import { Select } from '@twinclean/shared/ui/select';
import type { ReactNode } from 'react';
import { SearchBox } from './search-box';

export type Choice = { value: string; label: string };

/**
 * A filter's select: the first choice (`all`) is no filter, read and sent as `undefined`. `V`
 * is what the URL's search schema takes, which the options' values are.
 */
export function FilterSelect<V extends string>(props: {
  label: string;
  all: string;
  options: readonly Choice[];
  value: V | undefined;
  onChange: (value: V | undefined) => void;
}) {
  return (
    <Select
      label={props.label}
      options={[{ value: '', label: props.all }, ...props.options]}
      value={props.value ?? ''}
      onChange={(e) => props.onChange((e.target.value || undefined) as V | undefined)}
    />
  );
}

/** Shown only while some filter is set. */
export function ClearFilters({ shown, onClear }: { shown: boolean; onClear: () => void }) {
  return shown ? (
    <Button variant="secondary" onClick={onClear}>
      Clear filters
    </Button>
  ) : null;
}

/** A list's filters in one row: the search box that grows, the selects, and Clear filters. */
export function FilterBar(props: {
  label: string;
  search: { value: string | undefined; placeholder: string; onSearch: (q?: string) => void };
  filtered: boolean;
  onClear: () => void;
  children: ReactNode;
}) {
  return (
    <search aria-label={props.label} className="flex flex-wrap items-end gap-4">
      <div className="min-w-64 flex-1">
        <SearchBox label="Search" {...props.search} />
      </div>
      {props.children}
      <ClearFilters shown={props.filtered} onClear={props.onClear} />
    </search>
  );
}
