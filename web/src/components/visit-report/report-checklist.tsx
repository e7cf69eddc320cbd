import type { VisitChecklist } from '@twinclean/shared/checklists';
import type { VisitReport } from '@twinclean/shared/visit-report';
import { CheckCircle2, Circle } from 'lucide-react';
import { taskPhotos, tasksDoneText } from './report-format';

const NO_PHOTOS: VisitReport['photos'] = { before: [], after: [] };

/**
 * The visit's checklist as the cleaner left it: each room's tasks, ticked or not, with the
 * photos taken for a task under it (they are not before/after shots).
 */
export function ReportChecklist({
  checklist,
  photos = NO_PHOTOS,
}: {
  checklist: VisitChecklist | null;
  photos?: VisitReport['photos'];
}) {
  if (!checklist) return <p className="text-sm text-slate-600">This visit had no checklist.</p>;
  return (
    <div className="grid gap-4">
      <p className="font-medium">{tasksDoneText(checklist.done, checklist.total)}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {checklist.sections.map((section) => (
          <div key={section.key}>
            <h3 className="font-semibold">{section.label}</h3>
            <ul className="mt-1 grid gap-1 text-sm">
              {section.items.map((item) => {
                const shots = taskPhotos(photos, item);
                return (
                  <li key={item.key} className="flex items-start gap-2">
                    {item.done ? (
                      <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden />
                    ) : (
                      <Circle className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden />
                    )}
                    <span className="grid gap-1">
                      <span className={item.done ? '' : 'text-slate-600'}>
                        <span className="sr-only">{item.done ? 'Done: ' : 'Not done: '}</span>
                        {item.task}
                      </span>
                      {shots.length > 0 && (
                        <span className="flex flex-wrap gap-2">
                          {shots.map((shot, i) => (
                            <a
                              key={shot.id}
                              href={shot.url}
                              target="_blank"
                              rel="noreferrer"
                              className="block"
                            >
                              <img
                                src={shot.url}
                                alt={`${item.task}, shot ${i + 1}`}
                                width={shot.width ?? undefined}
                                height={shot.height ?? undefined}
                                loading="lazy"
                                className="aspect-[4/3] w-24 rounded-md border object-cover"
                              />
                            </a>
                          ))}
                        </span>
                      )}
                    </span>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </div>
    </div>
  );
}
