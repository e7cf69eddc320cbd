import { serverMessage } from '@twinclean/shared/http';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import { type FormEvent, useState } from 'react';
import { useResendVerification, useVerifyEmail } from './api';
import { CodeField, isCompleteCode } from './code-field';

export function VerifyEmail({
  email,
  onVerified,
  onCancel,
}: {
  email: string;
  onVerified: () => void;
  onCancel: () => void;
}) {
  const [code, setCode] = useState('');
  const verify = useVerifyEmail();
  const resend = useResendVerification();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate(
      { email, code },
      {
        onSuccess: () => {
          toast({ title: 'Email verified', description: 'You can sign in now.' });
          onVerified();
        },
        onError: () =>
          toast({
            title: 'Verification failed',
            description: 'Invalid verification code',
            variant: 'destructive',
          }),
      },
    );
  };

  const resendCode = () =>
    resend.mutate(
      { email },
      {
        onSuccess: (body) => {
          const shown =
            typeof body.verificationCode === 'string' ? ` Your code: ${body.verificationCode}` : '';
          toast({
            title: 'Code resent',
            ...(shown ? { description: shown.trim(), duration: 10_000 } : {}),
          });
        },
        onError: (error) =>
          toast({
            title: 'Failed to resend code',
            description: serverMessage(error, ''),
            variant: 'destructive',
          }),
      },
    );

  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Verify your email">
      <div>
        <h2 className="text-xl font-semibold">Verify your email</h2>
        <p className="mt-1 text-sm text-slate-600">
          Enter the 6-digit code we sent to <strong>{email}</strong>.
        </p>
      </div>
      <CodeField label="Verification code" value={code} onChange={setCode} />
      <Button type="submit" disabled={!isCompleteCode(code) || verify.isPending}>
        {verify.isPending ? 'Verifying...' : 'Verify Email'}
      </Button>
      <div className="flex justify-between">
        <Button variant="link" onClick={resendCode} disabled={resend.isPending}>
          {resend.isPending ? 'Sending...' : 'Resend code'}
        </Button>
        <Button variant="link" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
