import { ChevronDown, Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { DesktopAccount, MobileAccount, useHeaderAccount } from './header-account';
import { bookingShortcuts, mainNav } from './site-nav';

function ServicesMenu() {
  const [open, setOpen] = useState(false);
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (
        event instanceof KeyboardEvent
          ? event.key === 'Escape'
          : !ref.current?.contains(event.target as Node)
      ) {
        setOpen(false);
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        aria-label="Booking shortcuts"
        onClick={() => setOpen((o) => !o)}
        className="rounded p-1 text-slate-600 hover:text-brand-700"
      >
        <ChevronDown className="size-4" aria-hidden />
      </button>
      {open && (
        <ul
          id={id}
          className="absolute right-0 z-40 mt-2 w-56 rounded-md border bg-white py-1 shadow-lg"
        >
          {bookingShortcuts.map((item) => (
            <li key={item.href}>
              <a href={item.href} className="block px-4 py-2 text-sm hover:bg-brand-50">
                {item.label}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function MenuLink({ href, label, onClick }: { href: string; label: string; onClick: () => void }) {
  return (
    <a href={href} onClick={onClick} className="block py-3 font-medium text-slate-700">
      {label}
    </a>
  );
}

export function SiteHeader() {
  const [mobileOpen, setMobileOpen] = useState(false);
  const close = () => setMobileOpen(false);
  const user = useHeaderAccount();
  return (
    <header className="sticky top-0 z-30 border-b bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
        <a href="/" className="text-xl font-bold tracking-tight text-brand-700">
          TwinClean
        </a>
        <nav aria-label="Main" className="hidden items-center gap-4 md:flex lg:gap-6">
          {mainNav.map((item) => (
            <div key={item.href} className="flex items-center gap-1">
              <a
                href={item.href}
                className="text-sm font-medium text-slate-700 hover:text-brand-700"
              >
                {item.label}
              </a>
              {item.href === '/services' && <ServicesMenu />}
            </div>
          ))}
        </nav>
        <div className="hidden min-w-0 items-center gap-2 md:flex lg:gap-3">
          <DesktopAccount user={user} />
          <a
            href="/book"
            className="rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            Book Now
          </a>
        </div>
        <button
          type="button"
          className="rounded p-2 md:hidden"
          aria-expanded={mobileOpen}
          aria-controls="mobile-menu"
          aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMobileOpen((o) => !o)}
        >
          {mobileOpen ? (
            <X className="size-6" aria-hidden />
          ) : (
            <Menu className="size-6" aria-hidden />
          )}
        </button>
      </div>
      {mobileOpen && (
        <nav id="mobile-menu" aria-label="Mobile" className="border-t px-4 pb-4 md:hidden">
          <ul className="flex flex-col">
            {[...mainNav, ...bookingShortcuts].map((item) => (
              <li key={item.label}>
                <MenuLink href={item.href} label={item.label} onClick={close} />
              </li>
            ))}
            <MobileAccount user={user} onChoice={close} />
            <li>
              <MenuLink href="/book" label="Book Now" onClick={close} />
            </li>
          </ul>
        </nav>
      )}
    </header>
  );
}
