import { useNavigate } from '@tanstack/react-router';
import { serverMessage } from '@twinclean/shared/http';
import { isSubscriber } from '@twinclean/shared/roles';
import { formatSlot } from '@twinclean/shared/schedule';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useEffect, useState } from 'react';
import { Field } from '../../components/ui/field';
import { LiveFieldset } from '../../components/ui/live-fieldset';
import { useCurrentUser } from '../auth/api';
import { useCreateBooking, usePricing } from './api';
import { EstimatePanel, useEstimate } from './estimate-panel';
import { PropertyStep } from './property-step';
import { ScheduleStep } from './schedule-step';
import { STEPS, stepProblem, toPayload, type WizardForm, wizardDefaults } from './wizard-state';

const REDIRECT_DELAY_MS = 1000;

export function HouseWizard() {
  const [step, setStep] = useState(0);
  const [form, setForm] = useState<WizardForm>(wizardDefaults);
  const update = (patch: Partial<WizardForm>) => setForm((f) => ({ ...f, ...patch }));
  const user = useCurrentUser().data ?? null;
  const pricing = usePricing().data;
  const subscription = user?.subscriptionType ?? 'none';
  const estimate = useEstimate(form, pricing, subscription);
  const create = useCreateBooking();
  const navigate = useNavigate();

  // Prefill from the signed-in user once it is known, without overwriting what was typed.
  useEffect(() => {
    if (!user) return;
    setForm((f) => ({
      ...f,
      firstName: f.firstName || user.firstName,
      lastName: f.lastName || user.lastName,
      email: f.email || user.email,
      phone: f.phone || (user.phone ?? ''),
    }));
  }, [user]);

  const next = () => {
    const problem = stepProblem(step, form);
    if (problem) return toast({ ...problem, variant: 'destructive' });
    setStep((s) => s + 1);
  };
  const confirm = () =>
    create.mutate(toPayload(form), {
      onSuccess: (booking) => {
        toast({ title: 'Booking created!', description: 'Redirecting to confirmation...' });
        setTimeout(() => {
          if (user) void navigate({ to: '/client' });
          else void navigate({ to: '/booking/confirmation', search: { id: booking.id } });
        }, REDIRECT_DELAY_MS);
      },
      onError: (error) =>
        toast({
          title: 'Error creating booking',
          description: serverMessage(error, 'Failed to create booking'),
          variant: 'destructive',
        }),
    });

  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
      <LiveFieldset>
        <ol aria-label="Booking steps" className="mb-8 grid grid-cols-4 gap-2 text-xs sm:text-sm">
          {STEPS.map((label, index) => (
            <li
              key={label}
              aria-current={index === step ? 'step' : undefined}
              className={`border-t-4 pt-2 ${index <= step ? 'border-brand-700 font-semibold text-brand-800' : 'border-slate-200 text-slate-500'}`}
            >
              {index + 1}. {label}
            </li>
          ))}
        </ol>
        <h2 className="mb-6 text-2xl font-bold">{STEPS[step]}</h2>
        {step === 0 && (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="First name"
              autoComplete="given-name"
              required
              value={form.firstName}
              onChange={(e) => update({ firstName: e.target.value })}
            />
            <Field
              label="Last name"
              autoComplete="family-name"
              required
              value={form.lastName}
              onChange={(e) => update({ lastName: e.target.value })}
            />
            <Field
              label="Email"
              type="email"
              autoComplete="email"
              required
              value={form.email}
              onChange={(e) => update({ email: e.target.value })}
            />
            <Field
              label="Phone"
              type="tel"
              autoComplete="tel"
              required
              value={form.phone}
              onChange={(e) => update({ phone: e.target.value })}
            />
          </div>
        )}
        {step === 1 && (
          <PropertyStep
            form={form}
            update={update}
            pricing={pricing}
            subscriber={isSubscriber(subscription)}
          />
        )}
        {step === 2 && <ScheduleStep form={form} update={update} />}
        {step === 3 && (
          <dl className="grid gap-3 rounded-xl border p-5 text-sm">
            <Review
              label="Contact"
              value={`${form.firstName} ${form.lastName} · ${form.email} · ${form.phone}`}
            />
            <Review
              label="Address"
              value={`${form.address}, ${form.city}, ${form.state} ${form.zipCode}`}
            />
            <Review
              label="Home"
              value={`${form.bedroomCount} bedrooms, ${form.fullBathroomCount} full and ${form.halfBathroomCount} half baths${form.hasKitchen ? ', kitchen' : ''}${form.hasLivingRoom ? ', living room' : ''}${form.numberOfFloors === 2 ? ', 2 floors' : ''}`}
            />
            <Review label="Green cleaning" value={form.greenCleaning ? 'Yes' : 'No'} />
            <Review
              label="When"
              value={`${form.scheduledDate} at ${formatSlot(form.scheduledTime)}`}
            />
          </dl>
        )}
        <div className="mt-8 flex justify-between gap-3">
          <Button
            variant="secondary"
            onClick={() => setStep((s) => s - 1)}
            disabled={step === 0 || create.isPending}
          >
            Back
          </Button>
          {step < STEPS.length - 1 ? (
            <Button onClick={next}>Continue</Button>
          ) : (
            <Button onClick={confirm} disabled={create.isPending || create.isSuccess}>
              {create.isPending ? 'Booking...' : 'Confirm Booking'}
            </Button>
          )}
        </div>
      </LiveFieldset>
      <aside className="lg:sticky lg:top-24 lg:self-start">
        <EstimatePanel estimate={estimate} />
      </aside>
    </div>
  );
}

function Review({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[8rem_1fr]">
      <dt className="font-medium text-slate-600">{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
