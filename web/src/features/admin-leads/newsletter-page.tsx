import { useQuery } from '@tanstack/react-query';
import type { SubscriberFilters } from '@twinclean/shared/admin-leads';
import { formatInstant } from '@twinclean/shared/schedule';
import { Badge } from '@twinclean/shared/ui/badge';
import { Select } from '@twinclean/shared/ui/select';
import { Pager } from '../../components/pager';
import { LoadFailed, Loading } from '../../components/query-states';
import { searchOf, subscribersQueryOptions } from './api';
import { CsvLink, EmptyList, SearchBox } from './list-controls';
import { NewsletterSend } from './newsletter-send';

const STATUSES = [
  { value: '', label: 'Everyone' },
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
        />
        <Select
          label="Status"
          options={STATUSES}
          value={search.status ?? ''}
          onChange={(e) =>
            filter({ status: (e.target.value || undefined) as SubscriberFilters['status'] })
          }
        />
      </div>
      {subscribers.data ? (
        <div aria-busy={subscribers.isPlaceholderData} className="space-y-4">
          {subscribers.data.items.length === 0 ? (
            <EmptyList>
              {search.q || search.status ? 'No subscribers match.' : 'No subscribers yet'}
            </EmptyList>
          ) : (
            <div className="overflow-x-auto rounded-lg border bg-white">
              <table className="w-full min-w-[36rem] text-left text-sm">
                <thead className="border-b bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      E-mail
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Status
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Subscribed
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Unsubscribed
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y">
                  {subscribers.data.items.map((s) => (
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
                </tbody>
              </table>
            </div>
          )}
          <Pager
            page={subscribers.data.page}
            pageSize={subscribers.data.pageSize}
            total={subscribers.data.total}
            onPage={(page) => onSearch({ ...search, page })}
          />
        </div>
      ) : subscribers.isError ? (
        <LoadFailed
          message="The subscribers could not be loaded."
          retrying={subscribers.isFetching}
          onRetry={() => void subscribers.refetch()}
        />
      ) : (
        <Loading label="Loading subscribers..." />
      )}
    </div>
  );
}
