import { useMutation } from '@tanstack/react-query';
import { useProviderId } from '../../lib/provider-id';
import { tapPunch } from '../outbox/tap';

export type ClockAction =
  | { kind: 'in' }
  /** `finalPrice`: a carpet or rug job's price, checked with the shared schema, if given. */
  | { kind: 'out'; waitPay: number; finalPrice?: string };

/**
 * Clock in or out of one job: recorded on the phone at the tap, with the location once found
 * (never required), and sent by the outbox whenever there is a connection.
 */
export function useClock(bookingId: string) {
  const providerId = useProviderId();
  return useMutation({
    networkMode: 'always',
    mutationFn: (action: ClockAction) =>
      action.kind === 'in'
        ? tapPunch(providerId, bookingId, 'clock_in')
        : tapPunch(providerId, bookingId, 'clock_out', {
            waitPay: action.waitPay,
            finalPrice: action.finalPrice,
          }),
  });
}
