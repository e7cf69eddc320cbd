import { Download } from 'lucide-react';

/** The CSV of what the filters match, every page of it. */
export function CsvLink({ href, label = 'Download CSV' }: { href: string; label?: string }) {
  return (
    <a
      href={href}
      download
      className="inline-flex h-11 items-center gap-2 rounded-md border border-slate-300 bg-white px-4 font-medium text-slate-800 hover:bg-slate-50"
    >
      <Download className="size-4" aria-hidden />
      {label}
    </a>
  );
}
