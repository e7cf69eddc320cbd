import type { AdminChecklists } from '@twinclean/shared/checklists';
import { formOf } from './form-values';

/**
 * Staff's view (DECISIONS.md "Roles": owners edit the lists; the API refuses staff's save): the
 * same lists as the editor, in the same order, as text.
 */
export function ChecklistsReadOnly({ current }: { current: AdminChecklists }) {
  const { sections } = formOf(current);
  const groups = [
    { title: 'Rooms', items: sections.filter((s) => s.kind === 'room') },
    { title: 'Add-ons', items: sections.filter((s) => s.kind === 'addOn') },
  ].filter((g) => g.items.length > 0);
  return (
    <div className="grid gap-6">
      {groups.map((group) => (
        <section key={group.title} aria-label={group.title} className="grid min-w-0 gap-3">
          <h2 className="text-xl font-semibold">{group.title}</h2>
          <div className="grid min-w-0 gap-4 lg:grid-cols-2">
            {group.items.map((section) => (
              <div
                key={section.label}
                className="min-w-0 rounded-lg border bg-white p-4 shadow-sm sm:p-5"
              >
                <h3 className="text-lg font-semibold">{section.label}</h3>
                {section.tasks.length === 0 ? (
                  <p className="mt-2 text-sm text-slate-600">
                    {section.kind === 'addOn'
                      ? `No tasks of its own: a visit lists "${section.label}" as its one task.`
                      : 'No tasks: visits skip this room in their checklist.'}
                  </p>
                ) : (
                  <ol
                    aria-label={`${section.label} tasks`}
                    className="mt-2 grid list-decimal gap-1 pl-6 text-sm text-slate-800"
                  >
                    {section.tasks.map((row, index) => (
                      // Tasks may repeat; their place is what tells them apart.
                      // biome-ignore lint/suspicious/noArrayIndexKey: the list is read-only
                      <li key={index} className="break-words">
                        {row.task}
                      </li>
                    ))}
                  </ol>
                )}
              </div>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
