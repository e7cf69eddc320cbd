import { CHECKLIST_TASK_MAX, type ChecklistSaveInput } from '@twinclean/shared/checklists';
import { Button } from '@twinclean/shared/ui/button';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { type ChecklistForm, type ChecklistSection, listError } from './form-values';

const iconButton =
  'inline-flex size-9 shrink-0 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-700 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 disabled:cursor-not-allowed disabled:opacity-40';

/** Where focus goes after a move or a removal: a control of a row (by its field id), or Add. */
type FocusTarget = { id: string; control: 'input' | 'up' | 'down' } | 'add';

/**
 * One list (a room's or an add-on's): its tasks in order, each editable, movable and removable
 * by keyboard. Focus follows the task moved (and stays on the button pressed, so pressing again
 * keeps moving it); every change is announced through the form's live region.
 */
export function TaskListEditor({
  form,
  at,
  section,
  announce,
}: {
  form: UseFormReturn<ChecklistForm, unknown, ChecklistSaveInput>;
  at: number;
  section: ChecklistSection;
  announce: (message: string) => void;
}) {
  const { fields, append, remove, move } = useFieldArray({
    control: form.control,
    name: `sections.${at}.tasks`,
  });
  const errorId = useId();
  const addId = useId();
  const focusNext = useRef<FocusTarget | null>(null);
  const errors = form.formState.errors.sections?.[at]?.tasks;
  const listMessage = listError(form.formState.errors, at);
  const full = fields.length >= CHECKLIST_TASK_MAX;
  const { label } = section;

  useEffect(() => {
    const target = focusNext.current;
    if (!target) return;
    focusNext.current = null;
    if (target === 'add') return document.getElementById(addId)?.focus();
    const element = document.getElementById(`${target.id}-${target.control}`);
    // A task moved to an end: its button that way is disabled, so the other one takes focus.
    if (element instanceof HTMLButtonElement && element.disabled) {
      document.getElementById(`${target.id}-${target.control === 'up' ? 'down' : 'up'}`)?.focus();
    } else element?.focus();
  });

  const moveTask = (from: number, to: number, control: 'up' | 'down') => {
    const moved = fields[from];
    if (!moved) return;
    focusNext.current = { id: moved.id, control };
    move(from, to);
    announce(`${label}: task moved to position ${to + 1} of ${fields.length}.`);
  };
  const removeTask = (index: number) => {
    const next = fields[index + 1] ?? fields[index - 1];
    focusNext.current = next ? { id: next.id, control: 'input' } : 'add';
    remove(index);
    announce(`${label}: task ${index + 1} removed.`);
  };

  return (
    <fieldset
      aria-describedby={listMessage ? errorId : undefined}
      className="min-w-0 rounded-lg border bg-white p-4 shadow-sm sm:p-5"
    >
      <legend className="px-1 text-lg font-semibold">{label}</legend>
      {fields.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">
          {section.kind === 'addOn'
            ? `No tasks of its own: a visit lists "${label}" as its one task.`
            : 'No tasks: visits skip this room in their checklist.'}
        </p>
      ) : (
        <ol className="mt-3 grid gap-2">
          {fields.map((field, index) => {
            const message = errors?.[index]?.task?.message;
            const name = `${label}, task ${index + 1}`;
            return (
              <li key={field.id} className="grid gap-1">
                <div className="flex items-center gap-1.5">
                  <span aria-hidden className="w-6 shrink-0 text-right text-sm text-slate-500">
                    {index + 1}.
                  </span>
                  <label htmlFor={`${field.id}-input`} className="sr-only">
                    {name}
                  </label>
                  <input
                    id={`${field.id}-input`}
                    autoComplete="off"
                    aria-invalid={message ? true : undefined}
                    aria-describedby={message ? `${field.id}-error` : undefined}
                    className="h-10 w-0 min-w-0 flex-1 rounded-md border border-slate-300 px-3 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100 aria-[invalid]:border-red-600"
                    {...form.register(`sections.${at}.tasks.${index}.task`)}
                  />
                  <button
                    type="button"
                    id={`${field.id}-up`}
                    className={iconButton}
                    aria-label={`Move ${name} up`}
                    disabled={index === 0}
                    onClick={() => moveTask(index, index - 1, 'up')}
                  >
                    <ArrowUp className="size-4" aria-hidden />
                  </button>
                  <button
                    type="button"
                    id={`${field.id}-down`}
                    className={iconButton}
                    aria-label={`Move ${name} down`}
                    disabled={index === fields.length - 1}
                    onClick={() => moveTask(index, index + 1, 'down')}
                  >
                    <ArrowDown className="size-4" aria-hidden />
                  </button>
                  <button
                    type="button"
                    className={iconButton}
                    aria-label={`Remove ${name}`}
                    onClick={() => removeTask(index)}
                  >
                    <Trash2 className="size-4" aria-hidden />
                  </button>
                </div>
                {message && (
                  <p id={`${field.id}-error`} role="alert" className="pl-8 text-xs text-red-700">
                    {message}
                  </p>
                )}
              </li>
            );
          })}
        </ol>
      )}
      {listMessage && (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
          {listMessage}
        </p>
      )}
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button
          id={addId}
          type="button"
          variant="secondary"
          disabled={full}
          className="inline-flex items-center gap-1.5"
          onClick={() => {
            append({ task: '' });
            announce(`${label}: task ${fields.length + 1} added.`);
          }}
        >
          <Plus className="size-4" aria-hidden /> Add Task
          <span className="sr-only"> to {label}</span>
        </Button>
        {full && (
          <p className="text-sm text-slate-600">A list holds at most {CHECKLIST_TASK_MAX} tasks.</p>
        )}
      </div>
    </fieldset>
  );
}
