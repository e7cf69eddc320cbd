/** Shown while the signed-in state loads. */
export function Spinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div
      role="status"
      className="flex min-h-[40vh] items-center justify-center gap-3 text-slate-600"
    >
      <span
        className="size-6 animate-spin rounded-full border-2 border-brand-700 border-t-transparent"
        aria-hidden
      />
      <span>{label}</span>
    </div>
  );
}
