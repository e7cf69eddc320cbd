import { type CurrentUser, roleHome } from '@twinclean/shared/auth';
import { CircleUser } from 'lucide-react';
import { useCurrentUser } from '../lib/session';

/** The signed-in user's area: the provider app (/provider) is another app, reached by a page load. */
function areaOf(user: CurrentUser): { href: string; label: string } {
  const href = roleHome(user.role);
  if (user.role === 'client') return { href, label: 'My Account' };
  if (user.role === 'provider') return { href, label: 'Provider Dashboard' };
  return { href, label: 'Admin Dashboard' };
}

const displayName = (user: CurrentUser) =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;

// DECISIONS.md "Auth": /api/logout ends the session and redirects to /; a page load, so nothing
// of the signed-in user stays in memory.
const signOut = () => window.location.assign('/api/logout');

/**
 * Who is signed in, as the header shows it: the user, null for a guest (an unanswered ask
 * counts as one: Sign In is then the way on), undefined while the answer is on its way.
 */
export function useHeaderAccount(): CurrentUser | null | undefined {
  const { data, isPending, isError } = useCurrentUser();
  if (isError) return null;
  return isPending ? undefined : data;
}

const SIGN_IN_CLASS = 'rounded-md px-3 py-2 text-sm font-medium hover:bg-slate-100';

/** The desktop header's account part: Sign In for a guest; the name and Sign Out for a user. */
export function DesktopAccount({ user }: { user: CurrentUser | null | undefined }) {
  // Nothing until the session is known, so a signed-in user never sees Sign In flash by.
  if (user === undefined) return null;
  if (user === null) {
    return (
      <a href="/login" className={SIGN_IN_CLASS}>
        Sign In
      </a>
    );
  }
  const area = areaOf(user);
  return (
    <>
      {/* The label starts with the name shown, so a spoken "click Jordan" still finds it. */}
      <a
        href={area.href}
        aria-label={`${displayName(user)}, ${area.label}`}
        title={area.label}
        className="flex min-w-0 items-center gap-2 rounded-md px-2 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-brand-700"
      >
        <CircleUser className="size-5 shrink-0" aria-hidden />
        {/* Between md and lg the header has room for the icon alone. */}
        <span className="hidden max-w-40 truncate lg:block">{displayName(user)}</span>
      </a>
      <button type="button" onClick={signOut} className={SIGN_IN_CLASS}>
        Sign Out
      </button>
    </>
  );
}

const MENU_ITEM_CLASS = 'block w-full py-3 text-left font-medium text-slate-700';

/** The mobile menu's account entries, as list items: Sign In, or who is signed in and the way out. */
export function MobileAccount({
  user,
  onChoice,
}: {
  user: CurrentUser | null | undefined;
  onChoice: () => void;
}) {
  if (user === undefined) return null;
  if (user === null) {
    return (
      <li>
        <a href="/login" onClick={onChoice} className={MENU_ITEM_CLASS}>
          Sign In
        </a>
      </li>
    );
  }
  const area = areaOf(user);
  return (
    <>
      <li className="mt-2 border-t pt-3 text-sm text-slate-500">
        Signed in as <span className="font-medium text-slate-800">{displayName(user)}</span>
      </li>
      <li>
        <a href={area.href} onClick={onChoice} className={MENU_ITEM_CLASS}>
          {area.label}
        </a>
      </li>
      <li>
        <button
          type="button"
          onClick={() => {
            onChoice();
            signOut();
          }}
          className={MENU_ITEM_CLASS}
        >
          Sign Out
        </button>
      </li>
    </>
  );
}
