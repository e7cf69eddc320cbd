import { useQuery } from '@tanstack/react-query';
import { LoadFailed, Loading } from '../../components/query-states';
import { adminChecklistsQueryOptions } from './api';
import { ChecklistEditor } from './checklist-form';
import { ChecklistHistory } from './checklist-history';
import { ChecklistsReadOnly } from './checklists-read-only';

/**
 * /admin/checklists: the task lists the provider app shows for each room and add-on of a visit
 * (and /services prints), versioned like prices. Owners edit them; staff read them.
 */
export function ChecklistsPage({ canEdit }: { canEdit: boolean }) {
  const checklists = useQuery(adminChecklistsQueryOptions());
  const current = checklists.data;
  return (
    <div className="mx-auto grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-5">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Checklists</h1>
        <p className="mt-1 text-sm text-slate-600">
          {current ? `Version ${current.version}. ` : ''}The tasks the provider app lists for each
          room and add-on of a visit, also shown on the Services page.
        </p>
        {!canEdit && (
          <p className="mt-3 rounded-md border border-slate-300 bg-white p-3 text-sm font-medium text-slate-800">
            Checklists are edited by owners.
          </p>
        )}
      </div>
      {current ? (
        <>
          {canEdit ? (
            <ChecklistEditor
              current={current}
              onReload={async () => (await checklists.refetch()).data}
            />
          ) : (
            <ChecklistsReadOnly current={current} />
          )}
          <ChecklistHistory history={current.history} />
        </>
      ) : checklists.isError ? (
        <LoadFailed
          message="The checklists could not be loaded."
          retrying={checklists.isFetching}
          onRetry={() => void checklists.refetch()}
        />
      ) : (
        <Loading label="Loading the checklists..." />
      )}
    </div>
  );
}
