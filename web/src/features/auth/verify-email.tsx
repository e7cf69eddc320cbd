import { zodResolver } from '@hookform/resolvers/zod';
import { emailCodeSchema } from '@twinclean/shared/auth';
import { serverMessage } from '@twinclean/shared/http';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { useResendVerification, useVerifyEmail } from './api';
import { CodeField, isCompleteCode } from './code-field';
import '@twinclean/shared/zod-english';

export function VerifyEmail({
  email,
  onVerified,
  onCancel,
}: {
  email: string;
  onVerified: () => void;
  onCancel: () => void;
}) {
  const form = useForm<z.input<typeof emailCodeSchema>, unknown, z.output<typeof emailCodeSchema>>({
    resolver: zodResolver(emailCodeSchema),
    defaultValues: { email, code: '' },
  });
  const verify = useVerifyEmail();
  const resend = useResendVerification();

  const submit = form.handleSubmit((values) =>
    verify.mutate(values, {
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
    }),
  );

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
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Verify your email">
      <div>
        <h2 className="text-xl font-semibold">Verify your email</h2>
        <p className="mt-1 text-sm text-slate-600">
          Enter the 6-digit code we sent to <strong>{email}</strong>.
        </p>
      </div>
      <CodeField
        label="Verification code"
        error={form.formState.errors.code?.message}
        registration={form.register('code')}
      />
      <Button type="submit" disabled={!isCompleteCode(form.watch('code')) || verify.isPending}>
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
