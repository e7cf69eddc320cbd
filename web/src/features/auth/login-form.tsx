import { serverMessage } from '@twinclean/shared/http';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import { type FormEvent, useState } from 'react';
import { Field } from '../../components/ui/field';
import { LiveFieldset } from '../../components/ui/live-fieldset';
import { needsVerification, type useCurrentUser, useLogin } from './api';

type User = NonNullable<ReturnType<typeof useCurrentUser>['data']>;

export function LoginForm(props: {
  onSignedIn: (user: User) => void;
  onNeedsVerification: (email: string) => void;
  onForgotPassword: () => void;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useLogin();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate(
      { email, password },
      {
        onSuccess: (user) => {
          toast({ title: 'Login successful', description: 'Welcome back!' });
          props.onSignedIn(user);
        },
        onError: (error) => {
          if (needsVerification(error)) {
            toast({
              title: 'Email verification required',
              description: 'Please verify your email to continue.',
            });
            props.onNeedsVerification(email.trim().toLowerCase());
            return;
          }
          toast({
            title: 'Login failed',
            description: serverMessage(error, 'Invalid email or password'),
            variant: 'destructive',
          });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-4" aria-label="Login">
      <LiveFieldset className="grid w-full gap-4">
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        <Button type="submit" disabled={login.isPending}>
          {login.isPending ? 'Signing in...' : 'Sign In'}
        </Button>
        <Button variant="link" onClick={props.onForgotPassword} className="justify-self-start">
          Forgot password?
        </Button>
      </LiveFieldset>
    </form>
  );
}
