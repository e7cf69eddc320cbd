import type { ReactNode } from 'react';

/**
 * A table of one page of a list, under plain column headings; under 768 px it scrolls sideways
 * inside its frame. `className` sets the width it keeps (a literal class: `min-w-[36rem]`);
 * `actions` adds a last column of buttons, named for screen readers only. The frame is
 * `relative` so a screen-reader-only label (absolutely placed) scrolls inside it too, rather than
 * widening the page on a phone.
 */
export function PlainTable(props: {
  headings: readonly string[];
  actions?: boolean;
  className: string;
  /**
   * Names the scrolling frame and lets the keyboard reach it: a table wider than the screen whose
   * rows may hold nothing focusable (a staff view without buttons) can still be scrolled.
   */
  label?: string;
  children: ReactNode;
}) {
  return (
    <div
      className="relative overflow-x-auto rounded-lg border bg-white"
      {...(props.label && { role: 'region', 'aria-label': props.label, tabIndex: 0 })}
    >
      <table className={`w-full text-left text-sm ${props.className}`}>
        <thead className="border-b bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
          <tr>
            {props.headings.map((heading) => (
              <th key={heading} scope="col" className="px-3 py-2 font-semibold">
                {heading}
              </th>
            ))}
            {props.actions && (
              <th scope="col" className="px-3 py-2 font-semibold">
                <span className="sr-only">Actions</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y">{props.children}</tbody>
      </table>
    </div>
  );
}
