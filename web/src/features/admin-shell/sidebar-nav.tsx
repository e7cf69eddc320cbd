import { Link, useLocation } from '@tanstack/react-router';
import type { NavGroup, NavLink } from './nav';

/** A link is current on its own page and, but for the dashboard, on the pages beneath it. */
const isCurrent = (link: NavLink, pathname: string) => {
  const path = pathname.replace(/\/+$/, '') || '/';
  return link.to === '/admin'
    ? path === '/admin'
    : path === link.to || path.startsWith(`${link.to}/`);
};

/**
 * The sidebar's groups of links. Collapsed, each link shows its icon alone: its name stays its
 * accessible name (visually hidden) and shows as a tooltip on hover or keyboard focus.
 */
export function SidebarNav({
  groups,
  collapsed,
  onNavigate,
}: {
  groups: readonly NavGroup[];
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  return (
    <nav
      aria-label="Admin"
      // Collapsed, nothing scrolls: a scrolling box would clip the tooltips beside it.
      className={`flex-1 py-3 ${collapsed ? '' : 'overflow-y-auto'}`}
    >
      {groups.map((group) => (
        <div key={group.label} className="mb-3 px-2">
          <h2
            className={
              collapsed
                ? 'sr-only'
                : 'px-2 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-500'
            }
          >
            {group.label}
          </h2>
          <ul className="grid gap-0.5">
            {group.links.map((link) => {
              const current = isCurrent(link, pathname);
              const Icon = link.icon;
              return (
                <li key={link.to} className="group relative">
                  <Link
                    to={link.to}
                    aria-current={current ? 'page' : undefined}
                    onClick={onNavigate}
                    className={`flex h-9 items-center gap-3 rounded-md px-2 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-brand-700 ${
                      current
                        ? 'bg-brand-50 text-brand-800'
                        : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900'
                    } ${collapsed ? 'justify-center' : ''}`}
                  >
                    <Icon className="size-4 shrink-0" aria-hidden />
                    <span className={collapsed ? 'sr-only' : 'truncate'}>{link.label}</span>
                  </Link>
                  {collapsed && (
                    <span
                      aria-hidden
                      className="pointer-events-none absolute left-full top-1/2 z-50 ml-2 hidden -translate-y-1/2 whitespace-nowrap rounded-md bg-slate-900 px-2 py-1 text-xs text-white shadow group-hover:block group-has-[a:focus-visible]:block"
                    >
                      {link.label}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}
