import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditFilters } from '@twinclean/shared/admin-audit';
import { serverMessage } from '@twinclean/shared/http';
import { FilterSelect } from '../../components/admin-list/filter-select';
import { ListFrame } from '../../components/admin-list/list-frame';
import { PlainTable } from '../../components/admin-list/plain-table';
import { auditLogQueryOptions } from './api';
import { Changes } from './changes';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone: 'America/Chicago',
  });

/** /admin/audit-log (admin_owner): who did what, when, and the values before and after. */
export function AuditLogPage({
  filters,
  onFilters,
}: {
  filters: AuditFilters;
  onFilters: (next: AuditFilters) => void;
}) {
  const log = useQuery({ ...auditLogQueryOptions(filters), placeholderData: keepPreviousData });
  const choices = log.data?.choices;
  const apply = (next: Partial<AuditFilters>) =>
    onFilters({ ...filters, ...next, page: undefined });
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-[minmax(0,1fr)] gap-5">
      <h1 className="text-3xl font-bold tracking-tight">Audit Log</h1>
      <div className="flex flex-wrap gap-4">
        <FilterSelect
          label="Entity"
          all="All entities"
          options={(choices?.entities ?? []).map((e) => ({ value: e, label: e }))}
          value={filters.entity}
          onChange={(entity) => apply({ entity })}
        />
        <FilterSelect
          label="Action"
          all="All actions"
          options={(choices?.actions ?? []).map((a) => ({ value: a, label: a }))}
          value={filters.action}
          onChange={(action) => apply({ action })}
        />
        <FilterSelect
          label="Admin"
          all="All admins"
          options={(choices?.actors ?? []).map((a) => ({ value: a.id, label: a.name }))}
          value={filters.actorId}
          onChange={(actorId) => apply({ actorId })}
        />
      </div>
      <ListFrame
        query={log}
        loading="Loading the audit log..."
        failed={serverMessage(log.error, 'The audit log could not be loaded.')}
        empty="Nothing recorded yet"
        onPage={(page) => onFilters({ ...filters, page })}
      >
        {(items) => (
          <PlainTable headings={['When', 'Who', 'What', 'Changes']} className="min-w-[56rem]">
            {items.map((entry) => (
              <tr key={entry.id} className="align-top">
                <td className="whitespace-nowrap px-3 py-3">{when(entry.createdAt)}</td>
                <td className="px-3 py-3">
                  {entry.actor ? (
                    <>
                      <div className="font-medium">{entry.actor.name}</div>
                      <div className="text-xs text-slate-500">{entry.actor.email}</div>
                    </>
                  ) : (
                    <span className="text-slate-500">A removed account</span>
                  )}
                </td>
                <td className="px-3 py-3">
                  <div className="font-mono text-xs font-semibold">{entry.action}</div>
                  <div className="break-all text-xs text-slate-500">
                    {entry.entity} {entry.entityId}
                  </div>
                </td>
                <td className="w-1/2 px-3 py-3">
                  <Changes before={entry.before} after={entry.after} />
                </td>
              </tr>
            ))}
          </PlainTable>
        )}
      </ListFrame>
    </div>
  );
}
