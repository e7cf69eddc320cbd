import type { WaitlistForm } from '@twinclean/shared/service-area';
import type { ServiceType } from '@twinclean/shared/services';

/**
 * The waitlist signup as the booking form leaves it: its ZIP and service, and its e-mail once
 * one is typed (half an address is no prefill worth correcting).
 */
export function waitlistDefaults(booking: {
  zip: string;
  email: string;
  serviceType: ServiceType;
}): WaitlistForm {
  const email = booking.email.trim();
  return {
    email: /^\S+@\S+$/.test(email) ? email : '',
    zip: booking.zip.trim(),
    serviceType: booking.serviceType,
  };
}
