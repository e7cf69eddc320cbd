import { formatInstant } from '@twinclean/shared/schedule';
import type { WaitlistSummary } from '@twinclean/shared/service-area';
import { serviceTitle } from '@twinclean/shared/services';
import { Badge } from '@twinclean/shared/ui/badge';
import { PlainTable } from '../../components/admin-list/plain-table';
import { canNotify, servicesText } from './format';
import { NotifyButton } from './notify-button';

const GROUP_HEADINGS = [
  'ZIP',
  'Place',
  'Area',
  'Waiting / total',
  'Services',
  'Newest',
  'Notified',
];

/** One row per ZIP people wait in, newest first; a served one with people waiting can be told. */
export function WaitlistGroupsTable({ groups }: { groups: WaitlistSummary['groups'] }) {
  return (
    <PlainTable headings={GROUP_HEADINGS} actions className="min-w-[56rem]">
      {groups.map((g) => (
        <tr key={g.zip} className="align-top">
          <th scope="row" className="px-3 py-3 font-semibold">
            {g.zip}
          </th>
          <td className="px-3 py-3">{g.place ?? 'Unknown ZIP'}</td>
          <td className="px-3 py-3">
            <Badge tone={g.served ? 'success' : 'warning'} className="whitespace-nowrap">
              {g.served ? 'Served' : 'Not served'}
            </Badge>
          </td>
          <td className="whitespace-nowrap px-3 py-3">
            {g.waiting} / {g.total}
          </td>
          <td className="px-3 py-3">{servicesText(g.byService)}</td>
          <td className="whitespace-nowrap px-3 py-3">{formatInstant(g.newestAt)}</td>
          <td className="whitespace-nowrap px-3 py-3">
            {g.notifiedAt ? formatInstant(g.notifiedAt) : '—'}
          </td>
          <td className="px-3 py-3">{canNotify(g) && <NotifyButton zip={g.zip} />}</td>
        </tr>
      ))}
    </PlainTable>
  );
}

const ENTRY_HEADINGS = ['Email', 'ZIP', 'Service', 'Joined', 'Notified'];

/** The newest sign-ups the filters match (the CSV has every one). */
export function WaitlistEntriesTable({ entries }: { entries: WaitlistSummary['entries'] }) {
  return (
    <PlainTable headings={ENTRY_HEADINGS} className="min-w-[40rem]">
      {entries.map((e) => (
        <tr key={e.id}>
          <th scope="row" className="break-all px-3 py-2 font-medium">
            {e.email}
          </th>
          <td className="px-3 py-2">{e.zip}</td>
          <td className="px-3 py-2">{serviceTitle(e.serviceType)}</td>
          <td className="whitespace-nowrap px-3 py-2">{formatInstant(e.createdAt)}</td>
          <td className="whitespace-nowrap px-3 py-2">
            {e.notifiedAt ? formatInstant(e.notifiedAt) : 'Waiting'}
          </td>
        </tr>
      ))}
    </PlainTable>
  );
}
