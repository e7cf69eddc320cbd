import type { AdminChecklists, ChecklistSaveInput } from '@twinclean/shared/checklists';
import { hasCode, serverMessage } from '@twinclean/shared/http';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { Field } from '../../components/ui/field';
import { useSaveChecklists } from './api';
import {
  type ChecklistForm,
  type ChecklistSection,
  checklistResolver,
  fieldErrorsOf,
  formOf,
} from './form-values';
import { TaskListEditor } from './task-list-editor';

/**
 * Owners' editor: every room's list and every add-on's, saved whole as a new version. What was
 * typed stays in the form whatever the answer: the server's field errors go beside their tasks,
 * any other refusal stays above the Save button.
 */
export function ChecklistEditor({
  current,
  onReload,
}: {
  current: AdminChecklists;
  onReload: () => Promise<AdminChecklists | undefined>;
}) {
  const save = useSaveChecklists();
  const [failure, setFailure] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const form = useForm<ChecklistForm, unknown, ChecklistSaveInput>({
    resolver: checklistResolver,
    defaultValues: formOf(current),
  });
  const sections = form.getValues('sections').map((s, at) => ({ s, at }));
  const rooms = sections.filter(({ s }) => s.kind === 'room');
  const addOns = sections.filter(({ s }) => s.kind === 'addOn');

  const submit = form.handleSubmit((values) => {
    setFailure(null);
    setStale(false);
    save.mutate(values, {
      onSuccess: (saved) => {
        form.reset(formOf(saved));
        toast({
          title: 'Checklists Saved',
          description: `Version ${saved.version}. The provider app and the Services page use these lists now.`,
        });
      },
      onError: (error) => {
        // A save of the lists as they are makes no version: said plainly, not as a failure.
        if (hasCode(error, 'nothing_changed')) {
          toast({
            title: 'Nothing Changed',
            description: `These are the lists of version ${current.version}.`,
          });
          return;
        }
        const message = serverMessage(
          error,
          'The checklists could not be saved. Please try again.',
        );
        toast({ title: 'Error', description: message, variant: 'destructive' });
        setFailure(message);
        setStale(hasCode(error, 'checklists_stale'));
        if (hasCode(error, 'validation_error')) {
          const fields = fieldErrorsOf(form.getValues(), error.body.issues ?? []);
          for (const [field, text] of Object.entries(fields)) {
            form.setError(field as Path<ChecklistForm>, { type: 'server', message: text });
          }
        }
      },
    });
  });

  // The owner asked for the newer lists: what they typed gives way to them.
  const reload = async () => {
    const latest = await onReload();
    if (!latest) return;
    form.reset(formOf(latest));
    setFailure(null);
    setStale(false);
  };

  const group = (title: string, items: { s: ChecklistSection; at: number }[]) => (
    <section aria-label={title} className="grid min-w-0 gap-3">
      <h2 className="text-xl font-semibold">{title}</h2>
      <div className="grid min-w-0 gap-4 lg:grid-cols-2">
        {items.map(({ s, at }) => (
          <TaskListEditor
            key={s.kind === 'room' ? s.room : `addon-${s.addOnId}`}
            form={form}
            at={at}
            section={s}
            announce={setAnnouncement}
          />
        ))}
      </div>
    </section>
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Checklists" className="grid gap-6">
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {group('Rooms', rooms)}
      {addOns.length > 0 && group('Add-ons', addOns)}
      <div className="grid gap-3 rounded-lg border bg-white p-4 shadow-sm sm:p-5">
        <Field
          label="Note (optional)"
          hint="What changed, for the history."
          autoComplete="off"
          error={form.formState.errors.note?.message}
          {...form.register('note')}
        />
        {failure && (
          <div
            role="alert"
            className="flex flex-wrap items-center gap-3 rounded-md bg-red-50 p-3 text-sm text-red-800"
          >
            <span>{failure}</span>
            {stale && (
              <Button type="button" variant="secondary" onClick={() => void reload()}>
                Load the latest lists
              </Button>
            )}
          </div>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Checklists'}
          </Button>
          <p className="text-sm text-slate-600">
            Saving makes version {current.version + 1}. Visits already being ticked keep their
            lists.
          </p>
        </div>
      </div>
    </form>
  );
}
