import type { VisitChecklist } from '@twinclean/shared/checklists';
import { tooLarge } from '@twinclean/shared/photos';
import type { ProviderJob } from '@twinclean/shared/provider-jobs';
import { toast } from '@twinclean/shared/ui/toast-store';
import { Camera } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { useProviderId } from '../../lib/provider-id';
import type { PhotoEntry } from '../outbox/entry';
import { withLocalPunches } from '../outbox/local-job';
import { tapTick } from '../outbox/tap';
import { useJobEntries, usePhotoUrl } from '../outbox/use-outbox';
import { savePhotos } from '../photos/save-photos';
import { type ShownTask, shownChecklist } from './checklist-view';

/**
 * The visit's room-by-room tasks (issue 32), ticked one by one on the phone and sent through the
 * outbox, so a basement loses none; never required for clock-out. A task may get a photo once
 * clocked in: a before photo until clock-out, an after photo then.
 */
export function ChecklistPanel({
  job,
  checklist,
}: {
  job: ProviderJob;
  checklist: VisitChecklist;
}) {
  const providerId = useProviderId();
  const entries = useJobEntries(job.id);
  const local = withLocalPunches(job, entries);
  const shown = shownChecklist(checklist, entries);
  // Between the tap and the outbox's answer the box keeps what was tapped, so it never flickers.
  const [tapped, setTapped] = useState<Record<string, boolean>>({});
  const items = shown.sections.flatMap((s) => s.items);
  useEffect(() => {
    const settled = Object.keys(tapped).filter(
      (key) => items.find((i) => i.key === key)?.done === tapped[key],
    );
    if (settled.length === 0) return;
    setTapped((now) =>
      Object.fromEntries(Object.entries(now).filter(([k]) => !settled.includes(k))),
    );
  }, [items, tapped]);
  const done = items.filter((i) => tapped[i.key] ?? i.done).length;

  const onTick = (task: ShownTask, checked: boolean) => {
    setTapped((now) => ({ ...now, [task.key]: checked }));
    tapTick(providerId, job.id, {
      version: checklist.version,
      itemKey: task.key,
      task: task.task,
      done: checked,
    }).then(
      (kept) => {
        // Kept in the tap journal only: the box keeps what was tapped until the outbox has it.
        if (kept === 'journaled') {
          toast({
            title: 'Checklist Saved',
            description: 'Saved on this phone; it will be sent when the app syncs.',
          });
        }
      },
      // Neither the journal nor the outbox kept it: nothing will be sent.
      () => {
        setTapped(({ [task.key]: _, ...rest }) => rest);
        toast({
          title: 'Checklist Not Saved',
          description: 'This phone could not keep the tick. Try again.',
          variant: 'destructive',
        });
      },
    );
  };

  const photoType = local.providerClockOutTime ? 'after' : 'before';
  return (
    <div className="grid gap-4">
      <p aria-live="polite" className="text-sm font-medium text-slate-700">
        {done} of {items.length} done
      </p>
      {shown.sections.map((section) => (
        <fieldset key={section.key} className="grid gap-2">
          <legend className="mb-1 font-semibold">{section.label}</legend>
          <ul className="grid gap-2">
            {section.items.map((task) => (
              <TaskRow
                key={task.key}
                task={task}
                checked={tapped[task.key] ?? task.done}
                onTick={(checked) => onTick(task, checked)}
                photo={
                  local.providerClockInTime
                    ? (files) => savePhotos(providerId, job.id, photoType, files, task.key)
                    : null
                }
              />
            ))}
          </ul>
        </fieldset>
      ))}
    </div>
  );
}

type TaskRowProps = {
  task: ShownTask;
  checked: boolean;
  onTick: (checked: boolean) => void;
  /** Saves a photo for the task; null before clock-in (the server takes none then). */
  photo: ((files: File[]) => Promise<void>) | null;
};

function TaskRow({ task, checked, onTick, photo }: TaskRowProps) {
  const id = useId();
  const [saving, setSaving] = useState(false);
  const onChoose = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    const problem = tooLarge(files)
      ? `${tooLarge(files)?.name} is larger than 5MB`
      : files.find((f) => !f.type.startsWith('image/'))
        ? 'Choose a photo'
        : null;
    if (problem) {
      toast({ title: 'Upload Failed', description: problem, variant: 'destructive' });
      return;
    }
    if (!photo || files.length === 0) return;
    setSaving(true);
    try {
      await photo(files);
    } catch {
      toast({
        title: 'Upload Failed',
        description: 'Failed to save the photo',
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  };
  const photos = task.photoIds.length + task.localPhotos.length;
  return (
    <li className="grid gap-1 rounded-md border border-slate-200 p-2">
      <div className="flex min-h-11 items-center gap-3">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(e) => onTick(e.target.checked)}
          className="size-5 accent-brand-700"
        />
        <label htmlFor={id} className="flex-1 text-sm">
          {task.task}
        </label>
        {photo && (
          <label className="inline-flex min-h-11 cursor-pointer items-center gap-1 rounded-md px-2 text-sm font-medium text-brand-700 focus-within:outline focus-within:outline-3 focus-within:outline-brand-600">
            <Camera className="size-4" aria-hidden />
            {saving ? 'Saving...' : 'Add photo'}
            <span className="sr-only"> for {task.task}</span>
            <input
              type="file"
              accept="image/*"
              disabled={saving}
              onChange={onChoose}
              className="sr-only"
            />
          </label>
        )}
      </div>
      {task.waiting && (
        <p className="text-xs text-slate-600">Saved on this phone; syncs when online.</p>
      )}
      {task.refused && (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-xs text-red-800">
          Not saved: {task.refused}
        </p>
      )}
      {photos > 0 && (
        <ul aria-label={`Photos for ${task.task}`} className="grid grid-cols-4 gap-1">
          {task.photoIds.map((photoId, i) => (
            <li key={photoId}>
              <img
                src={`/api/photos/${photoId}`}
                alt={`Taken for ${task.task}, ${i + 1}`}
                loading="lazy"
                className="aspect-square w-full rounded object-cover"
              />
            </li>
          ))}
          {task.localPhotos.map((entry, i) => (
            <TaskPhoto
              key={entry.id}
              entry={entry}
              alt={`Taken for ${task.task}, ${task.photoIds.length + i + 1}`}
            />
          ))}
        </ul>
      )}
    </li>
  );
}

/** A task's photo still on the phone: waiting to upload, or refused with the server's reason. */
function TaskPhoto({ entry, alt }: { entry: PhotoEntry; alt: string }) {
  const url = usePhotoUrl(entry.id);
  const title =
    entry.status === 'rejected' ? `Not uploaded: ${entry.rejection?.message}` : 'Waiting to upload';
  return (
    <li title={title}>
      {url ? (
        <img
          src={url}
          alt={`${alt} (${title})`}
          className="aspect-square w-full rounded object-cover opacity-80"
        />
      ) : (
        <div className="aspect-square w-full rounded bg-slate-100" aria-hidden />
      )}
    </li>
  );
}
