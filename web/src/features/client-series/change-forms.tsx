import { zodResolver } from '@hookform/resolvers/zod';
import { addDays, bookingWindow, chicagoDate } from '@twinclean/shared/schedule';
import {
  type ClientSeries,
  FREQUENCY_LABELS,
  seriesFrequencySchema,
} from '@twinclean/shared/series';
import { useForm } from 'react-hook-form';
import { Field, TextAreaField } from '../../components/ui/field';
import { ChangeDialog, useChangeFlow } from './change-dialog';
import { SelectField, TimeSelect } from './select-field';
import {
  type ChangeOf,
  cancelSchema,
  moveFormSchema,
  newCleanerSchema,
  PAUSE_MAX_DAYS,
  pauseFormSchema,
  rescheduleFormSchema,
  resumeSchema,
  skipSchema,
} from './series-change';
import { visitWhen } from './series-facts';

type Visit = ClientSeries['upcoming'][number];

/** What the client asked to change: one visit, or the series. */
export type ChangeRequest =
  | { action: 'skip' | 'move'; visit: Visit }
  | { action: 'pause' | 'resume' | 'reschedule' | 'new_cleaner' | 'cancel' };

type Props = { series: ClientSeries; onClose: () => void };

function SkipDialog({ series, visit, onClose }: Props & { visit: Visit }) {
  const form = useForm<ChangeOf<'skip'>>({
    resolver: zodResolver(skipSchema),
    defaultValues: { action: 'skip', bookingId: visit.bookingId },
  });
  const flow = useChangeFlow(series.id, form, onClose);
  return (
    <ChangeDialog flow={flow} onClose={onClose} reviewOnOpen>
      <p className="text-sm">The visit on {visitWhen(visit)}.</p>
    </ChangeDialog>
  );
}

function MoveDialog({ series, visit, onClose }: Props & { visit: Visit }) {
  const form = useForm<ChangeOf<'move'>>({
    resolver: zodResolver(moveFormSchema),
    defaultValues: {
      action: 'move',
      bookingId: visit.bookingId,
      scheduledDate: '',
      scheduledTime: '',
    },
  });
  const flow = useChangeFlow(series.id, form, onClose);
  const { errors } = form.formState;
  const { minDate, maxDate } = bookingWindow(new Date());
  return (
    <ChangeDialog flow={flow} onClose={onClose}>
      <p className="text-sm">Now on {visitWhen(visit)}.</p>
      <Field
        label="New date"
        type="date"
        min={minDate}
        max={maxDate}
        required
        error={errors.scheduledDate?.message}
        {...form.register('scheduledDate')}
      />
      <TimeSelect
        label="New time"
        date={form.watch('scheduledDate')}
        error={errors.scheduledTime?.message}
        registered={form.register('scheduledTime')}
      />
    </ChangeDialog>
  );
}

function PauseDialog({ series, onClose }: Props) {
  const form = useForm<ChangeOf<'pause'>>({
    resolver: zodResolver(pauseFormSchema),
    defaultValues: { action: 'pause', until: '' },
  });
  const flow = useChangeFlow(series.id, form, onClose);
  return (
    <ChangeDialog flow={flow} onClose={onClose}>
      <Field
        label="Pause until"
        hint="Visits start again on this day."
        type="date"
        min={addDays(chicagoDate(new Date()), 1)}
        max={addDays(chicagoDate(new Date()), PAUSE_MAX_DAYS)}
        required
        error={form.formState.errors.until?.message}
        {...form.register('until')}
      />
    </ChangeDialog>
  );
}

function ResumeDialog({ series, onClose }: Props) {
  const form = useForm<ChangeOf<'resume'>>({
    resolver: zodResolver(resumeSchema),
    defaultValues: { action: 'resume' },
  });
  const flow = useChangeFlow(series.id, form, onClose);
  return <ChangeDialog flow={flow} onClose={onClose} reviewOnOpen />;
}

function RescheduleDialog({ series, onClose }: Props) {
  const form = useForm<ChangeOf<'reschedule'>>({
    resolver: zodResolver(rescheduleFormSchema),
    defaultValues: {
      action: 'reschedule',
      frequency: series.frequency,
      startDate: '',
      scheduledTime: series.scheduledTime,
    },
  });
  const flow = useChangeFlow(series.id, form, onClose);
  const { errors } = form.formState;
  const { minDate, maxDate } = bookingWindow(new Date());
  return (
    <ChangeDialog flow={flow} onClose={onClose}>
      <SelectField
        label="How often?"
        error={errors.frequency?.message}
        registered={form.register('frequency')}
        options={seriesFrequencySchema.options.map((f) => ({
          value: f,
          label: FREQUENCY_LABELS[f],
        }))}
      />
      <Field
        label="First visit on the new schedule"
        hint="Its weekday becomes the series' day."
        type="date"
        min={minDate}
        max={maxDate}
        required
        error={errors.startDate?.message}
        {...form.register('startDate')}
      />
      <TimeSelect
        label="Time"
        date={form.watch('startDate')}
        error={errors.scheduledTime?.message}
        registered={form.register('scheduledTime')}
      />
    </ChangeDialog>
  );
}

function ReasonDialog({ series, action, onClose }: Props & { action: 'new_cleaner' | 'cancel' }) {
  const form = useForm<ChangeOf<'new_cleaner' | 'cancel'>>({
    resolver: zodResolver(action === 'cancel' ? cancelSchema : newCleanerSchema),
    defaultValues: { action, reason: '' },
  });
  const flow = useChangeFlow(series.id, form, onClose);
  return (
    <ChangeDialog flow={flow} onClose={onClose}>
      <TextAreaField
        label={action === 'cancel' ? 'Reason for canceling' : 'What should change?'}
        required
        maxLength={500}
        error={form.formState.errors.reason?.message}
        {...form.register('reason')}
      />
    </ChangeDialog>
  );
}

/** The dialog for the change asked for; each holds its own form, kept while it is open. */
export function SeriesChangeDialog({ request, ...props }: Props & { request: ChangeRequest }) {
  switch (request.action) {
    case 'skip':
      return <SkipDialog {...props} visit={request.visit} />;
    case 'move':
      return <MoveDialog {...props} visit={request.visit} />;
    case 'pause':
      return <PauseDialog {...props} />;
    case 'resume':
      return <ResumeDialog {...props} />;
    case 'reschedule':
      return <RescheduleDialog {...props} />;
    default:
      return <ReasonDialog {...props} action={request.action} />;
  }
}
