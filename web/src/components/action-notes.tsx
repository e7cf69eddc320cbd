/** Why an action is not open now, said where its button would be. */
export function Unavailable({ reason }: { reason: string }) {
  return <p className="text-sm text-slate-600">{reason}</p>;
}

/** A failed request's message, kept beside the form that sent it (the toast goes away). */
export function Failure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
      {message}
    </p>
  );
}
