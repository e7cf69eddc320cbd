import { describe, expect, it } from 'vitest';
import { transferNoteText } from './transfer-note';

describe('a payout paid by the weekly transfer', () => {
  it('names the week of the transfer that pays it', () => {
    expect(transferNoteText({ weekStart: '2026-11-23' })).toBe(
      'Weekly transfer · week of Nov 23, 2026',
    );
  });
});
