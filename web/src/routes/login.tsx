import { createFileRoute, useNavigate } from '@tanstack/react-router';
import type { CurrentUser } from '@twinclean/shared/auth';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useEffect, useState } from 'react';
import * as z from 'zod/mini';
import { usePageMeta } from '../components/page-meta';
import { authOptionsQueryOptions } from '../features/auth/api';
import { GoogleButton } from '../features/auth/google-button';
import { leaveLoginIfSignedIn } from '../features/auth/guard';
import { LoginForm } from '../features/auth/login-form';
import { PasswordReset } from '../features/auth/password-reset';
import { destinationAfterLogin } from '../features/auth/role-home';
import { SignupForm } from '../features/auth/signup-form';
import { VerifyEmail } from '../features/auth/verify-email';
import { prefetchQuery } from '../lib/route-data';

const searchSchema = z.object({
  redirect: z.catch(z.optional(z.string()), undefined),
  google: z.catch(z.optional(z.enum(['unavailable', 'failed', 'deactivated'])), undefined),
  /**
   * An invitation's link (a new provider or admin, api/src/modules/accounts/emails.ts): opens the
   * password reset at its code step for this address, the code being in the same e-mail.
   */
  reset: z.catch(z.optional(z.string().check(z.maxLength(254))), undefined),
});

export const Route = createFileRoute('/login')({
  validateSearch: searchSchema,
  // An invitation's reset link is for the address it names, whoever is signed in here.
  beforeLoad: ({ context, search }) =>
    search.reset ? undefined : leaveLoginIfSignedIn(context.queryClient, search.redirect),
  loader: ({ context }) => {
    prefetchQuery(context.queryClient, authOptionsQueryOptions());
  },
  component: LoginPage,
});

type Tab = 'login' | 'signup';
type Screen =
  | { kind: 'form' }
  | { kind: 'verify'; email: string }
  | { kind: 'reset'; email?: string };

function LoginPage() {
  usePageMeta(
    'Sign In | TwinClean',
    'Sign in to manage your TwinClean bookings, or create an account.',
  );
  const { redirect, google, reset } = Route.useSearch();
  const navigate = useNavigate();
  const [tab, setTab] = useState<Tab>('login');
  const [screen, setScreen] = useState<Screen>(
    reset ? { kind: 'reset', email: reset } : { kind: 'form' },
  );

  useEffect(() => {
    if (google === 'failed')
      toast({
        title: 'Google sign-in failed',
        description: 'Please try again.',
        variant: 'destructive',
      });
    if (google === 'unavailable')
      toast({ title: 'Google sign-in is not configured', variant: 'destructive' });
    if (google === 'deactivated')
      toast({
        title: 'Google sign-in refused',
        description:
          'This account has been deactivated. Contact support if you think this is a mistake.',
        variant: 'destructive',
      });
  }, [google]);

  const signedIn = (user: CurrentUser) => {
    const to = destinationAfterLogin(user, redirect);
    if (to.startsWith('/provider')) window.location.assign(to);
    else void navigate({ to });
  };
  const backToLogin = () => {
    setTab('login');
    setScreen({ kind: 'form' });
  };

  return (
    <section className="mx-auto w-full max-w-md px-4 py-12">
      <h1 className="text-center text-3xl font-bold tracking-tight">Welcome to TwinClean</h1>
      <div className="mt-8 rounded-xl border bg-white p-6 shadow-sm">
        {screen.kind === 'verify' && (
          <VerifyEmail
            email={screen.email}
            onVerified={backToLogin}
            onCancel={() => setScreen({ kind: 'form' })}
          />
        )}
        {screen.kind === 'reset' && (
          <PasswordReset email={screen.email} onDone={backToLogin} onCancel={backToLogin} />
        )}
        {screen.kind === 'form' && (
          <>
            <div
              role="tablist"
              aria-label="Sign in or sign up"
              className="mb-6 grid grid-cols-2 rounded-md bg-slate-100 p-1"
            >
              {(['login', 'signup'] as const).map((value) => (
                <button
                  key={value}
                  type="button"
                  role="tab"
                  id={`tab-${value}`}
                  aria-selected={tab === value}
                  aria-controls={`panel-${value}`}
                  tabIndex={tab === value ? 0 : -1}
                  onClick={() => setTab(value)}
                  onKeyDown={(e) => {
                    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight')
                      setTab(tab === 'login' ? 'signup' : 'login');
                  }}
                  className="rounded px-3 py-2 text-sm font-medium text-slate-600 aria-selected:bg-white aria-selected:text-slate-900 aria-selected:shadow-sm"
                >
                  {value === 'login' ? 'Login' : 'Sign Up'}
                </button>
              ))}
            </div>
            <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
              {tab === 'login' ? (
                <LoginForm
                  onSignedIn={signedIn}
                  onNeedsVerification={(email) => setScreen({ kind: 'verify', email })}
                  onForgotPassword={() => setScreen({ kind: 'reset' })}
                />
              ) : (
                <SignupForm onSignedUp={(email) => setScreen({ kind: 'verify', email })} />
              )}
            </div>
            <div className="my-6 flex items-center gap-3 text-xs text-slate-500">
              <span className="h-px flex-1 bg-slate-200" /> or{' '}
              <span className="h-px flex-1 bg-slate-200" />
            </div>
            <GoogleButton />
          </>
        )}
      </div>
    </section>
  );
}
