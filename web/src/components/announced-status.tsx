import { type ReactNode, useEffect, useRef } from 'react';

/**
 * The green box that replaces a form or button once its action is done. Focus moves to it: the
 * control that was pressed is gone, so a screen reader hears the outcome rather than silence.
 */
export function AnnouncedStatus({
  className = '',
  children,
}: {
  /** Layout and spacing; the box's colours and focus handling are this component's. */
  className?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      className={`rounded-lg border border-green-300 bg-green-50 outline-none ${className}`}
    >
      {children}
    </div>
  );
}
