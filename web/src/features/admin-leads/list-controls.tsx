import type { ContactStatus } from '@twinclean/shared/admin-leads';
import { Badge } from '@twinclean/shared/ui/badge';
import { Download, Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';

/** How long typing rests before the search is sent. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * A search box that sends what was typed once typing rests, and shows what the URL says when
 * back or forward changes it.
 */
export function SearchBox(props: {
  value: string | undefined;
  onSearch: (q: string | undefined) => void;
  label: string;
  placeholder: string;
}) {
  const { value, onSearch } = props;
  const [text, setText] = useState(value ?? '');
  const id = useId();
  // What was last sent or read from the URL: the URL catching up must not undo newer typing.
  const sent = useRef(value);
  const send = useRef(onSearch);
  send.current = onSearch;
  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setText(value ?? '');
  }, [value]);
  useEffect(() => {
    const q = text.trim() || undefined;
    if (q === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = q;
      send.current(q);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {props.label}
      </label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute left-3 top-3.5 size-4 text-slate-500"
          aria-hidden
        />
        <input
          id={id}
          type="search"
          value={text}
          maxLength={100}
          placeholder={props.placeholder}
          onChange={(event) => setText(event.target.value)}
          className="h-11 w-full rounded-md border border-slate-300 pl-9 pr-3 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100 sm:w-72"
        />
      </div>
    </div>
  );
}

/** The CSV of what the filters match, every page of it. */
export function CsvLink({ href }: { href: string }) {
  return (
    <a
      href={href}
      download
      className="inline-flex h-11 items-center gap-2 rounded-md border border-slate-300 bg-white px-4 font-medium text-slate-800 hover:bg-slate-50"
    >
      <Download className="size-4" aria-hidden />
      Download CSV
    </a>
  );
}

/** A list with nothing in it: why, in words. */
export function EmptyList({ children }: { children: string }) {
  return <p className="rounded-lg border bg-white p-8 text-center text-slate-600">{children}</p>;
}

/** A contact message's state. */
export const StatusBadge = ({ status }: { status: ContactStatus }) =>
  status === 'new' ? <Badge tone="warning">New</Badge> : <Badge tone="success">Answered</Badge>;
