import { zodResolver } from '@hookform/resolvers/zod';
import { signupSchema } from '@twinclean/shared/auth';
import { hasCode, serverMessage } from '@twinclean/shared/http';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { Field } from '../../components/ui/field';
import { LiveFieldset } from '../../components/ui/live-fieldset';
import { showServerIssues } from '../../lib/server-issues';
import { useSignup } from './api';
import '@twinclean/shared/zod-english';

export function SignupForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const form = useForm<z.input<typeof signupSchema>, unknown, z.output<typeof signupSchema>>({
    resolver: zodResolver(signupSchema),
    defaultValues: { firstName: '', lastName: '', email: '', phone: '', password: '' },
  });
  const { errors } = form.formState;
  const signup = useSignup();

  const submit = form.handleSubmit((values) =>
    signup.mutate(values, {
      onSuccess: (result) => {
        if (!result.emailSent && result.verificationCode) {
          // Spec 1 §8: the code is shown for 10 seconds when the e-mail could not be sent.
          toast({
            title: 'Email service unavailable',
            description: `Use this verification code: ${result.verificationCode}`,
            duration: 10_000,
          });
        } else {
          toast({
            title: 'Account created',
            description: 'Please check your email for a verification code.',
          });
        }
        onSignedUp(values.email);
      },
      onError: (error) => {
        if (hasCode(error, 'email_taken')) form.setError('email', { message: error.message });
        else showServerIssues(error, form);
        toast({
          title: 'Signup failed',
          description: serverMessage(error, 'Failed to create account'),
          variant: 'destructive',
        });
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Sign Up">
      <LiveFieldset className="grid w-full gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="First name"
            autoComplete="given-name"
            required
            error={errors.firstName?.message}
            {...form.register('firstName')}
          />
          <Field
            label="Last name"
            autoComplete="family-name"
            required
            error={errors.lastName?.message}
            {...form.register('lastName')}
          />
        </div>
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...form.register('email')}
        />
        <Field
          label="Phone (optional)"
          type="tel"
          autoComplete="tel"
          error={errors.phone?.message}
          {...form.register('phone')}
        />
        <Field
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          hint="Password must be at least 8 characters"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <Button type="submit" disabled={signup.isPending}>
          {signup.isPending ? 'Creating account...' : 'Create Account'}
        </Button>
      </LiveFieldset>
    </form>
  );
}
