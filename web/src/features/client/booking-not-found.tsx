import { Link } from '@tanstack/react-router';
import { ApiError } from '@twinclean/shared/http';

/**
 * The API answers 404 for a missing booking and another client's alike, and 400 for an id that
 * is not one at all (a mistyped link): to the client, all three are a booking that isn't there.
 */
export const isNotFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.code === 'validation_error');

/** Spec 2 §8: "Booking Not Found", with a way back to the dashboard. */
export function BookingNotFound() {
  return (
    <div className="py-16 text-center">
      <h1 className="text-3xl font-bold tracking-tight">Booking Not Found</h1>
      <p className="mt-3 text-slate-600">
        We couldn't find this booking in your account. The link may be wrong, or the booking may
        belong to another account.
      </p>
      <Link
        to="/client"
        className="mt-6 inline-flex h-11 items-center rounded-md bg-brand-700 px-4 font-semibold text-white hover:bg-brand-800"
      >
        Back to Dashboard
      </Link>
    </div>
  );
}
