import { type PhotoType, tooLarge } from '@twinclean/shared/photos';
import type { ProviderJob } from '@twinclean/shared/provider-jobs';
import { toast } from '@twinclean/shared/ui/toast-store';
import { Camera } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { useProviderId } from '../../lib/provider-id';
import type { PhotoEntry } from '../outbox/entry';
import { withLocalPunches } from '../outbox/local-job';
import { useJobEntries, usePhotoUrl } from '../outbox/use-outbox';
import { ordinaryPhotos } from './ordinary-photos';
import { savePhotos } from './save-photos';

const copy = {
  before: {
    heading: 'Before Photos',
    alt: 'Before photo',
    locked: 'Clock in to add before photos.',
  },
  after: { heading: 'After Photos', alt: 'After photo', locked: 'Clock out to add after photos.' },
};

/** Before photos after clock-in, after photos after clock-out (spec 2 §4), local or not. */
export function PhotoPanel({ job: serverJob }: { job: ProviderJob }) {
  const entries = useJobEntries(serverJob.id);
  const job = withLocalPunches(serverJob, entries);
  return (
    <div className="grid gap-6">
      {(['before', 'after'] as const).map((photoType) => (
        <PhotoSet
          key={photoType}
          bookingId={job.id}
          photoType={photoType}
          {...ordinaryPhotos(job, entries, photoType)}
          open={Boolean(
            photoType === 'before' ? job.providerClockInTime : job.providerClockOutTime,
          )}
        />
      ))}
    </div>
  );
}

type PhotoSetProps = {
  bookingId: string;
  photoType: PhotoType;
  urls: string[];
  local: PhotoEntry[];
  open: boolean;
};

function PhotoSet({ bookingId, photoType, urls, local, open }: PhotoSetProps) {
  const providerId = useProviderId();
  const [saving, setSaving] = useState(false);
  const inputId = useId();
  const { heading, alt, locked } = copy[photoType];

  const onChoose = async (event: ChangeEvent<HTMLInputElement>) => {
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
    const notImage = files.find((file) => !file.type.startsWith('image/'));
    if (notImage) {
      toast({
        title: 'Upload Failed',
        description: `${notImage.name} is not a photo`,
        variant: 'destructive',
      });
      return;
    }
    if (files.length === 0) return;
    setSaving(true);
    try {
      await savePhotos(providerId, bookingId, photoType, files);
    } catch {
      toast({
        title: 'Upload Failed',
        description: 'Failed to upload photos',
        variant: 'destructive',
      });
    } finally {
      setSaving(false);
    }
  };

  const shown = urls.length + local.length;
  return (
    <section aria-labelledby={`${inputId}-heading`}>
      <h3 id={`${inputId}-heading`} className="font-semibold">
        {heading}
      </h3>
      {shown > 0 ? (
        <ul className="mt-2 grid grid-cols-3 gap-2">
          {urls.map((url, i) => (
            <li key={url}>
              <img
                src={url}
                alt={`${alt} ${i + 1}`}
                loading="lazy"
                className="aspect-square w-full rounded-md object-cover"
              />
            </li>
          ))}
          {local.map((entry, i) => (
            <LocalPhoto key={entry.id} entry={entry} alt={`${alt} ${urls.length + i + 1}`} />
          ))}
        </ul>
      ) : (
        <p className="mt-1 text-sm text-slate-600">No photos yet.</p>
      )}
      {open ? (
        <label
          htmlFor={inputId}
          className="mt-3 inline-flex h-11 w-full cursor-pointer items-center justify-center gap-2 rounded-md border border-slate-300 px-4 font-medium focus-within:outline focus-within:outline-3 focus-within:outline-brand-600 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60"
        >
          <Camera className="size-4" aria-hidden />
          {saving ? 'Saving...' : `Add ${photoType} photos`}
          <input
            id={inputId}
            type="file"
            accept="image/*"
            multiple
            disabled={saving}
            onChange={onChoose}
            className="sr-only"
          />
        </label>
      ) : (
        <p className="mt-2 text-sm text-slate-600">{locked}</p>
      )}
    </section>
  );
}

/** A photo still on the phone: waiting to upload, or refused with the server's reason. */
function LocalPhoto({ entry, alt }: { entry: PhotoEntry; alt: string }) {
  const url = usePhotoUrl(entry.id);
  const rejected = entry.status === 'rejected';
  return (
    <li className="relative">
      {url ? (
        <img
          src={url}
          alt={alt}
          width={entry.width}
          height={entry.height}
          className="aspect-square w-full rounded-md object-cover opacity-80"
        />
      ) : (
        <div className="aspect-square w-full rounded-md bg-slate-100" aria-hidden />
      )}
      <span
        className={`absolute inset-x-1 bottom-1 rounded px-1 text-center text-[11px] font-medium ${
          rejected ? 'bg-red-700 text-white' : 'bg-white/90 text-slate-800'
        }`}
      >
        {rejected ? `Not uploaded: ${entry.rejection?.message}` : 'Waiting to upload'}
      </span>
    </li>
  );
}
