import { useQuery } from '@tanstack/react-query';
import type { SubscriberFilters } from '@twinclean/shared/admin-leads';
import { formatInstant } from '@twinclean/shared/schedule';
import { Badge } from '@twinclean/shared/ui/badge';
import { CsvLink } from '../../components/admin-list/csv-link';
import { FilterSelect } from '../../components/admin-list/filter-select';
import { ListFrame } from '../../components/admin-list/list-frame';
import { PlainTable } from '../../components/admin-list/plain-table';
import { SearchBox } from '../../components/admin-list/search-box';
import { searchOf, subscribersQueryOptions } from './api';
import { NewsletterSend } from './newsletter-send';

const STATUSES = [
  { value: 'subscribed', label: 'Subscribed' },
  { value: 'unsubscribed', label: 'Unsubscribed' },
];

/** /admin/newsletter: the subscribers, their CSV, and sending a newsletter to them. */
export function NewsletterPage({
  search,
  onSearch,
}: {
  search: SubscriberFilters;
  onSearch: (next: SubscriberFilters) => void;
}) {
  const subscribers = useQuery(subscribersQueryOptions(search));
  const filter = (next: Partial<SubscriberFilters>) =>
    onSearch({ ...search, ...next, page: undefined });
  return (
    <div className="mx-auto grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">Newsletter Subscribers</h1>
        <CsvLink
          href={`/api/admin/exports/newsletter-subscribers.csv${searchOf({ status: search.status, q: search.q })}`}
        />
      </div>
      <NewsletterSend subscribed={subscribers.data?.subscribedCount} />
      <div className="flex flex-wrap items-end gap-4">
        <SearchBox
          label="Search subscribers"
          placeholder="E-mail address"
          value={search.q}
          onSearch={(q) => filter({ q })}
          narrow
        />
        <FilterSelect
          label="Status"
          all="Everyone"
          options={STATUSES}
          value={search.status}
          onChange={(status) => filter({ status })}
        />
      </div>
      <ListFrame
        query={subscribers}
        loading="Loading subscribers..."
        failed="The subscribers could not be loaded."
        empty={search.q || search.status ? 'No subscribers match.' : 'No subscribers yet'}
        onPage={(page) => onSearch({ ...search, page })}
      >
        {(items) => (
          <PlainTable
            headings={['E-mail', 'Status', 'Subscribed', 'Unsubscribed']}
            className="min-w-[36rem]"
          >
            {items.map((s) => (
              <tr key={s.id}>
                <th scope="row" className="break-all px-3 py-2 font-medium">
                  {s.email}
                </th>
                <td className="px-3 py-2">
                  {s.unsubscribedAt ? (
                    <Badge>Unsubscribed</Badge>
                  ) : (
                    <Badge tone="success">Subscribed</Badge>
                  )}
                </td>
                <td className="px-3 py-2">{formatInstant(s.subscribedAt)}</td>
                <td className="px-3 py-2">
                  {s.unsubscribedAt ? formatInstant(s.unsubscribedAt) : '—'}
                </td>
              </tr>
            ))}
          </PlainTable>
        )}
      </ListFrame>
    </div>
  );
}
