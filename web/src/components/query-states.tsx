import { Button } from '@twinclean/shared/ui/button';

/** A part of a page still loading; announced politely. */
export function Loading({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center gap-3 py-10 text-slate-600">
      <span
        className="size-5 animate-spin rounded-full border-2 border-brand-700 border-t-transparent"
        aria-hidden
      />
      <span>{label}</span>
    </div>
  );
}

/** A read that failed: what failed, and a way to ask again. */
export function LoadFailed(props: { message: string; retrying: boolean; onRetry: () => void }) {
  return (
    <div role="alert" className="mt-8 rounded-lg border border-red-200 bg-red-50 p-5">
      <p className="font-medium text-red-800">{props.message}</p>
      <Button
        variant="secondary"
        className="mt-3"
        disabled={props.retrying}
        onClick={props.onRetry}
      >
        {props.retrying ? 'Retrying...' : 'Try again'}
      </Button>
    </div>
  );
}
