import { useAuthOptions } from './api';

/** Google sign-in is a full-page redirect; when it is not configured the button says so. */
export function GoogleButton() {
  const options = useAuthOptions();
  const available = options.data?.google === true;
  if (!available) {
    return (
      <button
        type="button"
        disabled
        className="h-11 w-full cursor-not-allowed rounded-md border border-slate-200 bg-slate-50 text-sm text-slate-500"
      >
        {options.isPending ? 'Checking Google sign-in…' : 'Google sign-in is not configured'}
      </button>
    );
  }
  return (
    <a
      href="/api/auth/google"
      className="flex h-11 w-full items-center justify-center gap-2 rounded-md border border-slate-300 bg-white font-medium text-slate-800 hover:bg-slate-50"
    >
      <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
        <path
          fill="#4285F4"
          d="M22.6 12.2c0-.8-.1-1.5-.2-2.2H12v4.2h6a5.1 5.1 0 0 1-2.2 3.4v2.8h3.6c2.1-1.9 3.2-4.8 3.2-8.2z"
        />
        <path
          fill="#34A853"
          d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.8c-1 .7-2.2 1.1-3.7 1.1a6.4 6.4 0 0 1-6-4.4H2.3v2.9A11 11 0 0 0 12 23z"
        />
        <path fill="#FBBC05" d="M6 14.2a6.6 6.6 0 0 1 0-4.3V7H2.3a11 11 0 0 0 0 10l3.7-2.8z" />
        <path
          fill="#EA4335"
          d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2.3 7L6 9.9a6.4 6.4 0 0 1 6-4.5z"
        />
      </svg>
      Continue with Google
    </a>
  );
}
