import { useQuery } from '@tanstack/react-query';
import type { ContactFormFilters } from '@twinclean/shared/admin-leads';
import { CONTACT_TOPICS } from '@twinclean/shared/leads';
import { formatInstant } from '@twinclean/shared/schedule';
import { Badge } from '@twinclean/shared/ui/badge';
import { Button } from '@twinclean/shared/ui/button';
import { FilterSelect } from '../../components/admin-list/filter-select';
import { ListFrame } from '../../components/admin-list/list-frame';
import { SearchBox } from '../../components/admin-list/search-box';
import { contactFormsQueryOptions } from './api';
import { ContactMessageDialog } from './contact-message-dialog';
import { StatusBadge } from './status-badge';

export type ContactFormsSearch = ContactFormFilters & { open?: string | undefined };

const STATUSES = [
  { value: 'new', label: 'New' },
  { value: 'answered', label: 'Answered' },
];

/** /admin/contact-forms: the inbox, newest first; a message opens in a dialog to answer it. */
export function ContactFormsPage({
  search,
  onSearch,
}: {
  search: ContactFormsSearch;
  onSearch: (next: ContactFormsSearch) => void;
}) {
  const { open, ...filters } = search;
  const inbox = useQuery(contactFormsQueryOptions(filters));
  const filter = (next: Partial<ContactFormFilters>) =>
    onSearch({ ...filters, ...next, page: undefined });
  return (
    <div className="mx-auto grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-5">
      <h1 className="text-3xl font-bold tracking-tight">Contact Forms</h1>
      <div className="flex flex-wrap items-end gap-4">
        <SearchBox
          label="Search messages"
          placeholder="Name, e-mail or words"
          value={filters.q}
          onSearch={(q) => filter({ q })}
          narrow
        />
        <FilterSelect
          label="Status"
          all="All messages"
          options={STATUSES}
          value={filters.status}
          onChange={(status) => filter({ status })}
        />
      </div>
      <ListFrame
        query={inbox}
        loading="Loading messages..."
        failed="The messages could not be loaded."
        empty={filters.q || filters.status ? 'No messages match.' : 'No messages yet'}
        onPage={(page) => onSearch({ ...filters, page })}
      >
        {(items) => (
          <ul className="divide-y rounded-lg border bg-white">
            {items.map((m) => (
              <li key={m.id} className="grid gap-2 p-4 sm:grid-cols-[1fr_auto] sm:items-start">
                <div className="min-w-0">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-semibold">{m.name}</span>
                    <StatusBadge status={m.status} />
                    <Badge>{CONTACT_TOPICS[m.topic]}</Badge>
                  </div>
                  <p className="break-all text-sm text-slate-600">{m.email}</p>
                  <p className="mt-1 line-clamp-2 break-words text-sm text-slate-800">
                    {m.preview}
                  </p>
                  <p className="mt-1 text-xs text-slate-500">{formatInstant(m.createdAt)}</p>
                </div>
                <Button
                  variant="secondary"
                  aria-label={`Open the message from ${m.name}`}
                  onClick={() => onSearch({ ...search, open: m.id })}
                >
                  Open
                </Button>
              </li>
            ))}
          </ul>
        )}
      </ListFrame>
      {open && (
        <ContactMessageDialog id={open} onClose={() => onSearch({ ...search, open: undefined })} />
      )}
    </div>
  );
}
