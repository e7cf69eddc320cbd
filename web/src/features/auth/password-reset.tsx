import { zodResolver } from '@hookform/resolvers/zod';
import { emailCodeSchema, emailOnlySchema, resetPasswordSchema } from '@twinclean/shared/auth';
import { serverMessage } from '@twinclean/shared/http';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import { type FormEventHandler, type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { Field } from '../../components/ui/field';
import { showServerIssues } from '../../lib/server-issues';
import { useRequestPasswordReset, useResetPassword, useVerifyResetCode } from './api';
import { CodeField, isCompleteCode } from './code-field';
import '@twinclean/shared/zod-english';

/**
 * Spec 1 §4: e-mail, then code, then new password; Back from the code goes to the e-mail. Given
 * an `email` (an invitation's link, whose e-mail holds the code) it starts at the code.
 */
export function PasswordReset(props: {
  email?: string | undefined;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { onDone, onCancel } = props;
  const [step, setStep] = useState<'email' | 'code' | 'password'>(props.email ? 'code' : 'email');
  // What the earlier steps confirmed; the e-mail also refills its step after Back.
  const [email, setEmail] = useState(props.email ?? '');
  const [code, setCode] = useState('');
  if (step === 'email') {
    const sent = (to: string) => {
      setEmail(to);
      setStep('code');
    };
    return <EmailStep email={email} onSent={sent} onCancel={onCancel} />;
  }
  if (step === 'code') {
    const verified = (checked: string) => {
      setCode(checked);
      setStep('password');
    };
    return (
      <CodeStep
        email={email}
        onVerified={verified}
        onBack={() => setStep('email')}
        onCancel={onCancel}
      />
    );
  }
  return <PasswordStep email={email} code={code} onDone={onDone} onCancel={onCancel} />;
}

function EmailStep(props: {
  email: string;
  onSent: (email: string) => void;
  onCancel: () => void;
}) {
  const form = useForm<z.input<typeof emailOnlySchema>, unknown, z.output<typeof emailOnlySchema>>({
    resolver: zodResolver(emailOnlySchema),
    defaultValues: { email: props.email },
  });
  const request = useRequestPasswordReset();
  const submit = form.handleSubmit((values) =>
    request.mutate(values, {
      onSuccess: () => {
        toast({
          title: 'Reset code sent',
          description: `If ${values.email} has an account, a code is on its way.`,
        });
        props.onSent(values.email);
      },
      onError: (error) => {
        showServerIssues(error, form);
        toast({
          title: 'Request failed',
          description: serverMessage(error, ''),
          variant: 'destructive',
        });
      },
    }),
  );
  return (
    <ResetFrame
      description="Enter your email and we will send you a 6-digit code."
      submitLabel="Send Reset Code"
      pending={request.isPending}
      onSubmit={submit}
      onCancel={props.onCancel}
    >
      <Field
        label="Email"
        type="email"
        autoComplete="email"
        required
        error={form.formState.errors.email?.message}
        {...form.register('email')}
      />
    </ResetFrame>
  );
}

function CodeStep(props: {
  email: string;
  onVerified: (code: string) => void;
  onBack: () => void;
  onCancel: () => void;
}) {
  const form = useForm<z.input<typeof emailCodeSchema>, unknown, z.output<typeof emailCodeSchema>>({
    resolver: zodResolver(emailCodeSchema),
    defaultValues: { email: props.email, code: '' },
  });
  const check = useVerifyResetCode();
  const submit = form.handleSubmit((values) =>
    check.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Code verified' });
        props.onVerified(values.code);
      },
      onError: () =>
        toast({
          title: 'Verification failed',
          description: 'Invalid reset code',
          variant: 'destructive',
        }),
    }),
  );
  return (
    <ResetFrame
      description={`Enter the 6-digit code sent to ${props.email}.`}
      submitLabel="Verify Code"
      pending={check.isPending}
      ready={isCompleteCode(form.watch('code'))}
      onSubmit={submit}
      onBack={props.onBack}
      onCancel={props.onCancel}
    >
      <CodeField
        label="Reset code"
        error={form.formState.errors.code?.message}
        registration={form.register('code')}
      />
    </ResetFrame>
  );
}

function PasswordStep(props: {
  email: string;
  code: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const form = useForm<
    z.input<typeof resetPasswordSchema>,
    unknown,
    z.output<typeof resetPasswordSchema>
  >({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { email: props.email, code: props.code, newPassword: '' },
  });
  const reset = useResetPassword();
  const submit = form.handleSubmit((values) =>
    reset.mutate(values, {
      onSuccess: () => {
        toast({
          title: 'Password reset successful',
          description: 'Sign in with your new password.',
        });
        props.onDone();
      },
      onError: (error) => {
        showServerIssues(error, form);
        toast({
          title: 'Reset failed',
          description: serverMessage(error, ''),
          variant: 'destructive',
        });
      },
    }),
  );
  return (
    <ResetFrame
      description="Choose a new password."
      submitLabel="Reset Password"
      pending={reset.isPending}
      onSubmit={submit}
      onCancel={props.onCancel}
    >
      <Field
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        hint="Password must be at least 8 characters"
        error={form.formState.errors.newPassword?.message}
        {...form.register('newPassword')}
      />
    </ResetFrame>
  );
}

/** One sub-step's form: the same name, heading and links around its own field. */
function ResetFrame(props: {
  description: string;
  submitLabel: string;
  pending: boolean;
  ready?: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  onBack?: () => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form onSubmit={props.onSubmit} noValidate className="grid gap-4" aria-label="Reset password">
      <div>
        <h2 className="text-xl font-semibold">Reset your password</h2>
        <p className="mt-1 text-sm text-slate-600">{props.description}</p>
      </div>
      {props.children}
      <Button type="submit" disabled={props.pending || props.ready === false}>
        {props.pending ? 'Please wait...' : props.submitLabel}
      </Button>
      <div className="flex justify-between">
        {props.onBack ? (
          <Button variant="link" onClick={props.onBack}>
            Back
          </Button>
        ) : (
          <span />
        )}
        <Button variant="link" onClick={props.onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
