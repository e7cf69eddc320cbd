import { PASSWORD_MIN_LENGTH } from '@twinclean/shared/auth';
import { serverMessage } from '@twinclean/shared/http';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import { type FormEvent, useState } from 'react';
import { Field } from '../../components/ui/field';
import { useRequestPasswordReset, useResetPassword, useVerifyResetCode } from './api';
import { CodeField, isCompleteCode } from './code-field';

type Step = 'email' | 'code' | 'password';

/** Spec 1 §4: e-mail, then code, then new password; Back from the code goes to the e-mail. */
export function PasswordReset({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const request = useRequestPasswordReset();
  const check = useVerifyResetCode();
  const reset = useResetPassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (step === 'email') {
      request.mutate(
        { email },
        {
          onSuccess: () => {
            toast({
              title: 'Reset code sent',
              description: `If ${email} has an account, a code is on its way.`,
            });
            setStep('code');
          },
          onError: (error) =>
            toast({
              title: 'Request failed',
              description: serverMessage(error, ''),
              variant: 'destructive',
            }),
        },
      );
    } else if (step === 'code') {
      check.mutate(
        { email, code },
        {
          onSuccess: () => {
            toast({ title: 'Code verified' });
            setStep('password');
          },
          onError: () =>
            toast({
              title: 'Verification failed',
              description: 'Invalid reset code',
              variant: 'destructive',
            }),
        },
      );
    } else {
      reset.mutate(
        { email, code, newPassword },
        {
          onSuccess: () => {
            toast({
              title: 'Password reset successful',
              description: 'Sign in with your new password.',
            });
            onDone();
          },
          onError: (error) =>
            toast({
              title: 'Reset failed',
              description: serverMessage(error, ''),
              variant: 'destructive',
            }),
        },
      );
    }
  };

  const pending = request.isPending || check.isPending || reset.isPending;
  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Reset password">
      <div>
        <h2 className="text-xl font-semibold">Reset your password</h2>
        <p className="mt-1 text-sm text-slate-600">
          {step === 'email' && 'Enter your email and we will send you a 6-digit code.'}
          {step === 'code' && `Enter the 6-digit code sent to ${email}.`}
          {step === 'password' && 'Choose a new password.'}
        </p>
      </div>
      {step === 'email' && (
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      )}
      {step === 'code' && <CodeField label="Reset code" value={code} onChange={setCode} />}
      {step === 'password' && (
        <Field
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          hint="Password must be at least 8 characters"
          value={newPassword}
          onChange={(e) => setNewPassword(e.target.value)}
        />
      )}
      <Button
        type="submit"
        disabled={
          pending ||
          (step === 'code' && !isCompleteCode(code)) ||
          (step === 'password' && newPassword.length < PASSWORD_MIN_LENGTH)
        }
      >
        {pending
          ? 'Please wait...'
          : step === 'email'
            ? 'Send Reset Code'
            : step === 'code'
              ? 'Verify Code'
              : 'Reset Password'}
      </Button>
      <div className="flex justify-between">
        {step === 'code' ? (
          <Button variant="link" onClick={() => setStep('email')}>
            Back
          </Button>
        ) : (
          <span />
        )}
        <Button variant="link" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
