import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

// Spec 2 §9 "Admin sidebar": the shadcn sidebar's numbers. Whether it is open is kept in a
// cookie for 7 days, read before the first render so the page never flashes the other state.

export const SIDEBAR_COOKIE = 'sidebar_state';
const COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
export const MOBILE_QUERY = '(max-width: 767px)';

/** Open unless the cookie says it was closed. */
export function readSidebarCookie(cookie = document.cookie): boolean {
  const entry = cookie.split('; ').find((part) => part.startsWith(`${SIDEBAR_COOKIE}=`));
  return entry?.slice(SIDEBAR_COOKIE.length + 1) !== 'false';
}

function writeSidebarCookie(open: boolean) {
  // biome-ignore lint/suspicious/noDocumentCookie: one small cookie; the Cookie Store API is not in Safari
  document.cookie = `${SIDEBAR_COOKIE}=${open}; path=/admin; max-age=${COOKIE_MAX_AGE}; SameSite=Lax`;
}

function subscribeToWidth(onChange: () => void) {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Under 768 px the sidebar is a sheet over the page. */
export const useIsMobile = () =>
  useSyncExternalStore(
    subscribeToWidth,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );

/**
 * The sidebar's state: open or collapsed on wide screens (kept in the cookie), the sheet open or
 * shut on narrow ones (never kept: it opens on request). The button and ctrl/cmd+B toggle
 * whichever applies.
 */
export function useSidebar() {
  const mobile = useIsMobile();
  const [open, setOpen] = useState(() => readSidebarCookie());
  const [sheetOpen, setSheetOpen] = useState(false);

  const toggle = useCallback(() => {
    if (mobile) {
      setSheetOpen((was) => !was);
      return;
    }
    setOpen((was) => {
      writeSidebarCookie(!was);
      return !was;
    });
  }, [mobile]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'b' && (event.ctrlKey || event.metaKey) && !event.altKey) {
        // Ctrl+B is bold in a browser's editable fields; the shortcut wins, as in shadcn's sidebar.
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [toggle]);

  return { mobile, open, sheetOpen, setSheetOpen, toggle };
}
