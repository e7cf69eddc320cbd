/** A payment attempt's inline message, read out as soon as it appears (role="alert"). */
export function PaymentFailure({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-medium text-red-800">
      {message}
    </p>
  );
}
