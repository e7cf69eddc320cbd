import type { ReactNode } from 'react';

/**
 * Wraps a form's controls. In prerendered HTML they are disabled: until the app's script runs
 * they could not submit, and whatever was typed would vanish when React renders the page.
 */
export function LiveFieldset({
  children,
  className = '',
}: {
  children: ReactNode;
  className?: string;
}) {
  return (
    <fieldset disabled={import.meta.env.SSR} className={`m-0 min-w-0 border-0 p-0 ${className}`}>
      {children}
    </fieldset>
  );
}
