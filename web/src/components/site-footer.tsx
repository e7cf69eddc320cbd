import { footerColumns } from './site-nav';

export function SiteFooter() {
  return (
    <footer className="border-t bg-slate-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 md:grid-cols-4">
        <div>
          <a href="/" className="text-lg font-bold text-brand-700">
            TwinClean
          </a>
          <p className="mt-2 text-sm text-slate-600">
            Vetted, background-checked cleaners for Minneapolis, St Paul and the suburbs between.
          </p>
        </div>
        {footerColumns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold text-slate-900">{column.title}</h2>
            <ul className="mt-3 space-y-2">
              {column.links.map((link) => (
                <li key={link.label}>
                  <a href={link.href} className="text-sm text-slate-600 hover:text-brand-700">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t py-4 text-center text-xs text-slate-500">
        © {new Date().getFullYear()} TwinClean, Minneapolis–St Paul, Minnesota
      </p>
    </footer>
  );
}
