import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from '@tanstack/react-router';
import { houseBookingSchema } from '@twinclean/shared/bookings';
import { hasCode, serverMessage } from '@twinclean/shared/http';
import { isSubscriber } from '@twinclean/shared/roles';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useEffect, useState } from 'react';
import { Controller, type FieldErrors, useForm } from 'react-hook-form';
import { useServedZips } from '../../components/service-area/zip-check';
import { Field } from '../../components/ui/field';
import { LiveFieldset } from '../../components/ui/live-fieldset';
import { usePricing } from '../../lib/catalog';
import { showServerIssues } from '../../lib/server-issues';
import { useCurrentUser } from '../../lib/session';
import { useCreateBooking } from './api';
import { CheckoutCodes, useCheckoutCodes } from './checkout-codes';
import { EstimatePanel, useEstimate } from './estimate-panel';
import { clearDraft, loadDraft, useKeepDraft } from './form-draft';
import { HowOften } from './how-often';
import { prepaidFactLines } from './prepaid';
import { PropertyStep } from './property-step';
import { ReviewStep } from './review-step';
import { useSavedHomes } from './saved-homes';
import { ScheduleStep } from './schedule-step';
import { useSeriesTerms } from './series-terms';
import {
  contactPrefill,
  STEP_FIELDS,
  STEPS,
  stepOf,
  stepToast,
  type WizardField,
  type WizardForm,
  type WizardValues,
  wizardDefaults,
} from './wizard-state';
import '@twinclean/shared/zod-english';

const REDIRECT_DELAY_MS = 1000;
const DRAFT = 'house';
const ZIP_FIELDS = ['zipCode'] as const;
const PROPERTY_STEP = 1;

export function HouseWizard() {
  const user = useCurrentUser().data ?? null;
  const owner = user?.id ?? null;
  // Back from adding a card (or from signing in), the wizard is where it was left.
  const [draft] = useState(() => loadDraft(DRAFT, owner, wizardDefaults));
  const form: WizardForm = useForm({
    resolver: zodResolver(houseBookingSchema),
    defaultValues: { ...draft.values, ...contactPrefill(draft.values, user) },
  });
  const { errors } = form.formState;
  const values = form.watch();
  const [step, setStep] = useState(Math.min(draft.step, STEPS.length - 1));
  useKeepDraft(DRAFT, form, owner, step);
  const client = user?.role === 'client';
  const homes = useSavedHomes(user).data;
  const terms = useSeriesTerms(user);
  // A step whose Continue failed: from then on its messages follow every change.
  const [checked, setChecked] = useState<number | null>(null);
  const pricing = usePricing().data;
  const subscription = user?.subscriptionType ?? 'none';
  const codes = useCheckoutCodes((name, value) => form.setValue(name, value));
  const estimate = useEstimate(values, pricing, subscription, codes.code.applied, codes.balances);
  // Step 2 does not go on while its ZIP is one we do not serve (issue 34).
  const area = useServedZips(form, ZIP_FIELDS);

  // A guest books one time only, with no saved home (a session that ended mid-booking may
  // leave a client's choices in the form).
  useEffect(() => {
    if (client) return;
    if (form.getValues('frequency') !== 'once') form.setValue('frequency', 'once');
    if (form.getValues('homeId')) form.setValue('homeId', null);
  }, [client, form]);
  const create = useCreateBooking();
  const navigate = useNavigate();

  // The user may be known only after the form started: fill what is still empty.
  useEffect(() => {
    const prefill = contactPrefill(form.getValues(), user);
    for (const name of Object.keys(prefill) as (keyof typeof prefill)[]) {
      form.setValue(name, prefill[name] ?? '');
    }
  }, [user, form]);

  useEffect(() => {
    if (checked !== step) return;
    const { unsubscribe } = form.watch(() => void form.trigger(STEP_FIELDS[step]));
    return unsubscribe;
  }, [checked, step, form]);

  /** Shows a step's problems: its spec toast, and each field's own message in place. */
  const showStep = (target: number, invalid: (field: WizardField) => boolean) => {
    setStep(target);
    setChecked(target);
    const problem = stepToast(target, invalid);
    if (problem) toast({ ...problem, variant: 'destructive' });
  };

  const next = async () => {
    const current = step;
    if (!(await form.trigger(STEP_FIELDS[current], { shouldFocus: true }))) {
      showStep(current, (field) => form.getFieldState(field).invalid);
    } else if (current !== PROPERTY_STEP || !(await area.refuse())) setStep(current + 1);
  };

  // Every step was checked on the way here; this catches only what changed since.
  const refused = (invalid: FieldErrors<WizardValues>) => {
    const target = stepOf(Object.keys(invalid) as WizardField[]);
    showStep(target < 0 ? step : target, (field) => field in invalid);
  };

  const confirm = form.handleSubmit(
    (payload) =>
      create.mutate(payload, {
        onSuccess: (booking) => {
          clearDraft(DRAFT);
          // What credit, a gift card and a referral did: said now and on the page landed on (the
          // confirmation, or a client's booking page), through the history state (the server's words).
          const prepaid = {
            creditAmount: booking.creditAmount,
            giftCardAmount: booking.giftCardAmount,
            referralMessage: booking.referralMessage,
          };
          const description = ['Redirecting to confirmation...', ...prepaidFactLines(prepaid)];
          toast({ title: 'Booking created!', description: description.join(' ') });
          setTimeout(() => {
            const state = { prepaid };
            if (booking.seriesId && payload.frequency !== 'once') {
              const search = { id: booking.id, frequency: payload.frequency };
              void navigate({ to: '/booking/confirmation', search, state });
            } else if (user) {
              // The booking's own page, which shows what its credit and gift card did.
              void navigate({ to: '/client/bookings/$id', params: { id: booking.id }, state });
            } else
              void navigate({ to: '/booking/confirmation', search: { id: booking.id }, state });
          }, REDIRECT_DELAY_MS);
        },
        onError: (error) => {
          toast({
            title: 'Error creating booking',
            description: serverMessage(error, 'Failed to create booking'),
            variant: 'destructive',
          });
          // Back to the step that holds the problem, with the server's words under the field.
          let marked: WizardField[] = [
            ...showServerIssues(error, form),
            ...area.showServerRefusal(error),
          ];
          if (hasCode(error, 'invalid_slot')) {
            form.setError('scheduledTime', { type: 'server', message: error.message });
            marked = ['scheduledTime'];
          }
          if (hasCode(error, 'card_required')) {
            form.setError('frequency', { type: 'server', message: error.message });
            marked = ['frequency'];
          }
          // A code or gift card used up (or otherwise refused) meanwhile: no longer applied, said
          // at its field.
          const refusedCodes = codes.showRefusal(error);
          if (refusedCodes.length > 0) marked = refusedCodes;
          const target = stepOf(marked);
          if (target >= 0) {
            setStep(target);
            setChecked(target);
          }
        },
      }),
    refused,
  );

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
              error={errors.clientFirstName?.message}
              {...form.register('clientFirstName')}
            />
            <Field
              label="Last name"
              autoComplete="family-name"
              required
              error={errors.clientLastName?.message}
              {...form.register('clientLastName')}
            />
            <Field
              label="Email"
              type="email"
              autoComplete="email"
              required
              error={errors.clientEmail?.message}
              {...form.register('clientEmail')}
            />
            <Field
              label="Phone"
              type="tel"
              autoComplete="tel"
              required
              error={errors.clientPhone?.message}
              {...form.register('clientPhone')}
            />
          </div>
        )}
        {step === 1 && (
          <PropertyStep
            form={form}
            pricing={pricing}
            subscriber={isSubscriber(subscription)}
            homes={client ? (homes ?? []) : null}
            area={area}
          />
        )}
        {step === 2 && (
          <div className="grid gap-6">
            <ScheduleStep form={form} />
            <Controller
              control={form.control}
              name="frequency"
              render={({ field, fieldState }) => (
                <HowOften
                  value={field.value ?? 'once'}
                  onChange={field.onChange}
                  signedIn={client}
                  member={isSubscriber(subscription)}
                  discountPercent={terms.discountPercent}
                  cardMissing={terms.cardMissing}
                  returnTo="/book/house"
                  error={fieldState.error?.message}
                />
              )}
            />
          </div>
        )}
        {step === 3 && (
          <div className="grid gap-4">
            <ReviewStep values={values} estimate={estimate} />
            <CheckoutCodes codes={codes} serviceType="house" />
          </div>
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
        <EstimatePanel estimate={estimate} values={values} />
      </aside>
    </div>
  );
}
