import { PASSWORD_MIN_LENGTH } from '@twinclean/shared/auth';
import { serverMessage } from '@twinclean/shared/http';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import { type FormEvent, useState } from 'react';
import { Field } from '../../components/ui/field';
import { LiveFieldset } from '../../components/ui/live-fieldset';
import { useSignup } from './api';

export function SignupForm({ onSignedUp }: { onSignedUp: (email: string) => void }) {
  const [form, setForm] = useState({
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    password: '',
  });
  const signup = useSignup();
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    signup.mutate(form, {
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
        onSignedUp(form.email.trim().toLowerCase());
      },
      onError: (error) =>
        toast({
          title: 'Signup failed',
          description: serverMessage(error, 'Failed to create account'),
          variant: 'destructive',
        }),
    });
  };

  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Sign Up">
      <LiveFieldset className="grid w-full gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="First name"
            autoComplete="given-name"
            required
            value={form.firstName}
            onChange={set('firstName')}
          />
          <Field
            label="Last name"
            autoComplete="family-name"
            required
            value={form.lastName}
            onChange={set('lastName')}
          />
        </div>
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={form.email}
          onChange={set('email')}
        />
        <Field
          label="Phone (optional)"
          type="tel"
          autoComplete="tel"
          value={form.phone}
          onChange={set('phone')}
        />
        <Field
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN_LENGTH}
          hint="Password must be at least 8 characters"
          value={form.password}
          onChange={set('password')}
        />
        <Button type="submit" disabled={signup.isPending}>
          {signup.isPending ? 'Creating account...' : 'Create Account'}
        </Button>
      </LiveFieldset>
    </form>
  );
}
