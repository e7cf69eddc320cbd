import { zodResolver } from '@hookform/resolvers/zod';
import { type CurrentUser, loginSchema } from '@twinclean/shared/auth';
import { serverMessage } from '@twinclean/shared/http';
import { Button } from '@twinclean/shared/ui/button';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { Field } from '../../components/ui/field';
import { LiveFieldset } from '../../components/ui/live-fieldset';
import { showServerIssues } from '../../lib/server-issues';
import { needsVerification, useLogin } from './api';
import '@twinclean/shared/zod-english';

export function LoginForm(props: {
  onSignedIn: (user: CurrentUser) => void;
  onNeedsVerification: (email: string) => void;
  onForgotPassword: () => void;
}) {
  const form = useForm<z.input<typeof loginSchema>, unknown, z.output<typeof loginSchema>>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  const login = useLogin();

  const submit = form.handleSubmit((values) =>
    login.mutate(values, {
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
          props.onNeedsVerification(values.email);
          return;
        }
        showServerIssues(error, form);
        toast({
          title: 'Login failed',
          description: serverMessage(error, 'Invalid email or password'),
          variant: 'destructive',
        });
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Login">
      <LiveFieldset className="grid w-full gap-4">
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          required
          error={errors.email?.message}
          {...form.register('email')}
        />
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password?.message}
          {...form.register('password')}
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
