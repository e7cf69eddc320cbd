import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';

/** How long typing rests before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A search box that sends what was typed once typing rests, and shows what the URL says when
 * back or forward changes it.
 */
export function SearchBox(props: {
  value: string | undefined;
  onSearch: (q: string | undefined) => void;
  label: string;
  placeholder: string;
  /** Named for screen readers only (the box stands where its placeholder says what it is). */
  hideLabel?: boolean;
  /** A fixed width from a small tablet up, for a box in a row of filters that does not grow. */
  narrow?: boolean;
}) {
  const { value, onSearch } = props;
  const [text, setText] = useState(value ?? '');
  const id = useId();
  // What was last sent (or last read from the URL): the URL catching up with it must not undo
  // what was typed meanwhile; only a different value (back, forward, Clear) replaces the text.
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
      <label
        htmlFor={id}
        className={props.hideLabel ? 'sr-only' : 'text-sm font-medium text-slate-800'}
      >
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
          className={`h-11 w-full rounded-md border border-slate-300 pl-9 pr-3 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100 ${props.narrow ? 'sm:w-72' : ''}`}
        />
      </div>
    </div>
  );
}
