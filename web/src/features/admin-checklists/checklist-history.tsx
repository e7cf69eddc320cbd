import type { AdminChecklists } from '@twinclean/shared/checklists';
import { formatInstant } from '@twinclean/shared/schedule';
import { DetailCard } from '../../components/detail-card';

/** Every saved version, newest first, with who saved it, when, and the note they left. */
export function ChecklistHistory({ history }: { history: AdminChecklists['history'] }) {
  const versions = [...history].sort((a, b) => b.version - a.version);
  return (
    <DetailCard title="History">
      {versions.length === 0 ? (
        <p className="text-sm text-slate-600">No versions yet.</p>
      ) : (
        <ol className="grid">
          {versions.map((v) => (
            <li key={v.version} className="grid gap-1 border-t py-3 first:border-t-0 first:pt-0">
              <p className="text-sm">
                <strong>Version {v.version}</strong>
                <span className="text-slate-600">
                  {' '}
                  · {formatInstant(v.createdAt)} · {v.createdBy ?? 'System'}
                </span>
              </p>
              {v.note && <p className="break-words text-sm italic text-slate-700">{v.note}</p>}
            </li>
          ))}
        </ol>
      )}
    </DetailCard>
  );
}
