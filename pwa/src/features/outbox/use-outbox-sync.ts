import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@twinclean/shared/ui/toast-store';
import { useEffect } from 'react';
import { priceOutcomeNote } from '../../lib/final-price-text';
import { providerKeys } from '../../lib/query-keys';
import type { DrainReport } from './drain';
import type { EntryKind } from './entry';
import { startSync } from './sync';

// Spec 2 §8 titles for a punch or photo the server refused; ours for the visit's updates.
const refusedTitle: Record<EntryKind, string> = {
  clock_in: 'Clock In Failed',
  clock_out: 'Clock Out Failed',
  en_route: 'On My Way Failed',
  checklist_tick: 'Checklist Not Saved',
  photo: 'Upload Failed',
};

/** Runs the outbox for the signed-in provider and tells them what the server made of it. */
export function useOutboxSync(providerId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onReport = ({ sent, rejected }: DrainReport) => {
      const changed = [
        providerKeys.jobs,
        providerKeys.stats,
        providerKeys.payouts,
        providerKeys.statements,
      ];
      for (const queryKey of changed) {
        void queryClient.invalidateQueries({ queryKey });
      }
      // One toast at a time: a refusal first, then a final price's fate, then photos. Each of
      // them also stays on the job's clock panel, so a toast replaced or missed loses nothing.
      const refused = rejected[0];
      const [priced] = sent.flatMap((e) =>
        e.kind === 'clock_out' && e.finalPriceOutcome ? [e.finalPriceOutcome] : [],
      );
      // "Client Notified", or that the client already knew: said once it is true.
      const told = sent.find((e) => e.kind === 'en_route' && e.enRoute);
      if (refused) {
        toast({
          title: refusedTitle[refused.kind],
          description: refused.rejection?.message,
          variant: 'destructive',
        });
      } else if (priced) {
        const note = priceOutcomeNote(priced);
        toast({
          title: note.title,
          description: note.text,
          variant: note.tone === 'bad' ? 'destructive' : 'default',
        });
      } else if (told?.kind === 'en_route' && told.enRoute) {
        toast({ title: told.enRoute.message });
      } else if (sent.some((e) => e.kind === 'photo')) {
        toast({ title: 'Photos Uploaded' });
      }
    };
    return startSync(providerId, onReport);
  }, [providerId, queryClient]);
}
