import { useQuery } from '@tanstack/react-query';
import { LEAD_SOURCE_LABELS, type MarketingFilters } from '@twinclean/shared/admin-leads';
import { formatInstant } from '@twinclean/shared/schedule';
import { Badge } from '@twinclean/shared/ui/badge';
import { CsvLink } from '../../components/admin-list/csv-link';
import { FilterSelect } from '../../components/admin-list/filter-select';
import { ListFrame } from '../../components/admin-list/list-frame';
import { SearchBox } from '../../components/admin-list/search-box';
import { marketingQueryOptions, searchOf } from './api';

const SOURCES = Object.entries(LEAD_SOURCE_LABELS).map(([value, label]) => ({ value, label }));
const CONSENT = [
  { value: 'yes', label: 'Consented to marketing' },
  { value: 'no', label: 'No marketing consent' },
];

/** /admin/marketing-contacts: every address we know, once, with where from and consent. */
export function MarketingContactsPage({
  search,
  onSearch,
}: {
  search: MarketingFilters;
  onSearch: (next: MarketingFilters) => void;
}) {
  const contacts = useQuery(marketingQueryOptions(search));
  const filter = (next: Partial<MarketingFilters>) =>
    onSearch({ ...search, ...next, page: undefined });
  const { page: _page, ...filters } = search;
  return (
    <div className="mx-auto grid max-w-6xl grid-cols-[minmax(0,1fr)] gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Marketing Contacts</h1>
        <CsvLink href={`/api/admin/exports/marketing-contacts.csv${searchOf(filters)}`} />
      </div>
      <p className="max-w-3xl text-sm text-slate-700">
        Newsletter subscribers, contact form senders, provider applicants, guest bookers and client
        accounts, one row per e-mail address. Only a current newsletter subscription counts as
        consent to marketing e-mail.
      </p>
      <div className="flex flex-wrap items-end gap-4">
        <SearchBox
          label="Search contacts"
          placeholder="E-mail, name or phone"
          value={search.q}
          onSearch={(q) => filter({ q })}
          narrow
        />
        <FilterSelect
          label="Source"
          all="All sources"
          options={SOURCES}
          value={search.source}
          onChange={(source) => filter({ source })}
        />
        <FilterSelect
          label="Consent"
          all="Any"
          options={CONSENT}
          value={search.consent}
          onChange={(consent) => filter({ consent })}
        />
      </div>
      <ListFrame
        query={contacts}
        loading="Loading contacts..."
        failed="The contacts could not be loaded."
        empty={
          search.q || search.source || search.consent ? 'No contacts match.' : 'No contacts yet'
        }
        onPage={(page) => onSearch({ ...search, page })}
      >
        {(items) => (
          <ul className="divide-y rounded-lg border bg-white">
            {items.map((c) => (
              <li key={c.email} className="grid gap-1 p-4 sm:grid-cols-[1fr_auto]">
                <div className="min-w-0">
                  <p className="font-semibold">{c.name ?? 'No name given'}</p>
                  <p className="break-all text-sm text-slate-700">{c.email}</p>
                  {c.phone && <p className="text-sm text-slate-600">{c.phone}</p>}
                  <ul aria-label="Sources" className="mt-2 flex flex-wrap gap-1.5">
                    {c.sources.map((s) => (
                      <li key={s}>
                        <Badge tone="brand">{LEAD_SOURCE_LABELS[s]}</Badge>
                      </li>
                    ))}
                  </ul>
                </div>
                <div className="text-sm sm:text-right">
                  {c.consent ? (
                    <Badge tone="success">Marketing consent</Badge>
                  ) : (
                    <Badge>No marketing consent</Badge>
                  )}
                  <p className="mt-1 text-slate-600">First seen {formatInstant(c.firstSeen)}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </ListFrame>
    </div>
  );
}
