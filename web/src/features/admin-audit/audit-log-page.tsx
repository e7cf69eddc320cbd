import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditFilters } from '@twinclean/shared/admin-audit';
import { serverMessage } from '@twinclean/shared/http';
import { Select } from '@twinclean/shared/ui/select';
import { Pager } from '../../components/pager';
import { LoadFailed, Loading } from '../../components/query-states';
import { auditLogQueryOptions } from './api';
import { Changes } from './changes';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone: 'America/Chicago',
  });

const options = (all: string, values: { value: string; label: string }[]) => [
  { value: '', label: all },
  ...values,
];

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
        <Select
          label="Entity"
          options={options(
            'All entities',
            (choices?.entities ?? []).map((e) => ({ value: e, label: e })),
          )}
          value={filters.entity ?? ''}
          onChange={(e) => apply({ entity: e.target.value || undefined })}
        />
        <Select
          label="Action"
          options={options(
            'All actions',
            (choices?.actions ?? []).map((a) => ({ value: a, label: a })),
          )}
          value={filters.action ?? ''}
          onChange={(e) => apply({ action: e.target.value || undefined })}
        />
        <Select
          label="Admin"
          options={options(
            'All admins',
            (choices?.actors ?? []).map((a) => ({ value: a.id, label: a.name })),
          )}
          value={filters.actorId ?? ''}
          onChange={(e) => apply({ actorId: e.target.value || undefined })}
        />
      </div>
      {log.data ? (
        <div aria-busy={log.isPlaceholderData} className="space-y-4">
          {log.data.items.length === 0 ? (
            <p className="rounded-lg border bg-white p-8 text-center text-slate-600">
              Nothing recorded yet
            </p>
          ) : (
            <div className="overflow-x-auto rounded-lg border bg-white">
              <table className="w-full min-w-[56rem] text-left text-sm">
                <thead className="border-b bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
                  <tr>
                    {['When', 'Who', 'What', 'Changes'].map((heading) => (
                      <th key={heading} scope="col" className="px-3 py-2 font-semibold">
                        {heading}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y">
                  {log.data.items.map((entry) => (
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
                </tbody>
              </table>
            </div>
          )}
          <Pager
            page={log.data.page}
            pageSize={log.data.pageSize}
            total={log.data.total}
            onPage={(page) => onFilters({ ...filters, page })}
          />
        </div>
      ) : log.isError ? (
        <LoadFailed
          message={serverMessage(log.error, 'The audit log could not be loaded.')}
          retrying={log.isFetching}
          onRetry={() => void log.refetch()}
        />
      ) : (
        <Loading label="Loading the audit log..." />
      )}
    </div>
  );
}
