import {
  type DiscountTerms,
  discountCentsFor,
  ruleOfTerms,
} from '@twinclean/shared/discount-codes';
import { formatDollars } from '@twinclean/shared/money';
import { useEffect, useRef, useState } from 'react';

/**
 * The discount code a booking form sends (issue 34): applied once the server said what it takes
 * off, and written into the form's `discountCode` (through `setCode`) so the booking carries it.
 */
export function useAppliedCode(setCode: (code: string) => void) {
  const [applied, setApplied] = useState<DiscountTerms | null>(null);
  /** The server's refusal of the code at booking (used up meanwhile…): shown at the field. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const write = useRef(setCode);
  write.current = setCode;
  // A code kept in a saved draft was not checked on this page: it is applied again, or not sent.
  useEffect(() => write.current(''), []);
  const onApplied = (terms: DiscountTerms | null) => {
    setApplied(terms);
    setRefusal(null);
    write.current(terms?.code ?? '');
  };
  /** A booking refused for its code: the code is no longer applied, and the field says why. */
  const refuse = (message: string) => {
    onApplied(null);
    setRefusal(message);
  };
  return { applied, onApplied, refusal, refuse };
}

/** The estimate with the applied code: what is left, and the line that says what it took off. */
export function withCode(estimateCents: number, applied: DiscountTerms | null) {
  // What the server will take off, shown ahead of it: the server prices the booking again.
  const off = applied ? discountCentsFor(ruleOfTerms(applied), estimateCents) : 0;
  return {
    totalCents: estimateCents - off,
    offCents: off,
    row:
      applied && off > 0
        ? { label: `Code ${applied.code}`, value: `−${formatDollars(off)}` }
        : null,
  };
}
