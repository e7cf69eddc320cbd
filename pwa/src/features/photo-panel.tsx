import { serverMessage } from '@twinclean/shared/http';
import type { ProviderJob } from '@twinclean/shared/provider-jobs';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import { Camera } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import {
  type ChosenPhoto,
  choosePhotos,
  type PhotoType,
  tooLarge,
  useUploadPhotos,
} from './photos';

const copy = {
  before: { heading: 'Before Photos', locked: 'Clock in to add before photos.' },
  after: { heading: 'After Photos', locked: 'Clock out to add after photos.' },
};

/** Before photos after clock-in, after photos after clock-out (spec 2 §4). */
export function PhotoPanel({ job }: { job: ProviderJob }) {
  return (
    <div className="grid gap-6">
      <PhotoSet
        job={job}
        photoType="before"
        urls={job.beforePhotos}
        open={Boolean(job.providerClockInTime)}
      />
      <PhotoSet
        job={job}
        photoType="after"
        urls={job.afterPhotos}
        open={Boolean(job.providerClockOutTime)}
      />
    </div>
  );
}

type PhotoSetProps = { job: ProviderJob; photoType: PhotoType; urls: string[]; open: boolean };

function PhotoSet({ job, photoType, urls, open }: PhotoSetProps) {
  const upload = useUploadPhotos(job.id);
  // Photos chosen but not yet confirmed by the server; kept for a retry when a send fails.
  const [waiting, setWaiting] = useState<ChosenPhoto[]>([]);
  const inputId = useId();
  const { heading, locked } = copy[photoType];

  const send = (photos: ChosenPhoto[]) =>
    upload.mutate(
      { photoType, photos },
      {
        onSuccess: () => {
          setWaiting([]);
          toast({ title: 'Photos Uploaded' });
        },
        onError: (error) =>
          toast({
            title: 'Upload Failed',
            description: serverMessage(error, 'Failed to upload photos'),
            variant: 'destructive',
          }),
      },
    );

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    const large = tooLarge(files);
    if (large) {
      toast({
        title: 'File Too Large',
        description: `${large.name} is larger than 5MB`,
        variant: 'destructive',
      });
      return;
    }
    if (files.length === 0) return;
    const photos = [...waiting, ...choosePhotos(files)];
    setWaiting(photos);
    send(photos);
  };

  return (
    <section aria-labelledby={`${inputId}-heading`}>
      <h3 id={`${inputId}-heading`} className="font-semibold">
        {heading}
      </h3>
      {urls.length > 0 ? (
        <ul className="mt-2 grid grid-cols-3 gap-2">
          {urls.map((url, i) => (
            <li key={url}>
              <img
                src={url}
                alt={`${heading.replace('Photos', 'photo')} ${i + 1}`}
                loading="lazy"
                className="aspect-square w-full rounded-md object-cover"
              />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-slate-600">No photos yet.</p>
      )}
      {open ? (
        <div className="mt-3 grid gap-2">
          <label
            htmlFor={inputId}
            className="inline-flex h-11 cursor-pointer items-center justify-center gap-2 rounded-md border border-slate-300 px-4 font-medium has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 focus-within:outline focus-within:outline-3 focus-within:outline-brand-600"
          >
            <Camera className="size-4" aria-hidden />
            {upload.isPending ? 'Uploading...' : `Add ${photoType} photos`}
            <input
              id={inputId}
              type="file"
              accept="image/*"
              multiple
              disabled={upload.isPending}
              onChange={onChoose}
              className="sr-only"
            />
          </label>
          {waiting.length > 0 && !upload.isPending && (
            <p role="alert" className="flex items-center justify-between text-sm text-red-800">
              {waiting.length} photo{waiting.length === 1 ? '' : 's'} not uploaded yet.
              <Button variant="link" onClick={() => send(waiting)}>
                Retry upload
              </Button>
            </p>
          )}
        </div>
      ) : (
        <p className="mt-2 text-sm text-slate-600">{locked}</p>
      )}
    </section>
  );
}
