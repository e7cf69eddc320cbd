import { describe, expect, it } from 'vitest';
import { changesOf, changesText, parseZips, withZips } from './zips';

describe('parseZips', () => {
  it('takes one ZIP or several, by commas or spaces, each once', () => {
    expect(parseZips('55802')).toEqual({ zips: ['55802'] });
    expect(parseZips(' 55802, 55803\n55802 ;55804 ')).toEqual({
      zips: ['55802', '55803', '55804'],
    });
  });

  it('names what is not a ZIP, and asks for one when nothing is typed', () => {
    expect(parseZips('55802, 5580, abcde')).toEqual({
      error: 'ZIP code must be 5 digits: 5580, abcde',
    });
    expect(parseZips(' , ')).toEqual({ error: 'Type a ZIP code, or several separated by commas' });
  });
});

describe('the list’s changes', () => {
  it('adds each ZIP once, sorted', () => {
    expect(withZips(['55401', '55403'], ['55402', '55401'])).toEqual(['55401', '55402', '55403']);
  });

  it('says what was added and removed', () => {
    const changes = changesOf(['55401', '55402', '55403'], ['55401', '55802']);
    expect(changes).toEqual({ added: ['55802'], removed: ['55402', '55403'] });
    expect(changesText(changes)).toBe('Added 55802. Removed 55402 and 55403.');
    expect(changesText({ added: ['1', '2', '3'], removed: [] })).toBe('Added 1, 2 and 3.');
    expect(changesText({ added: [], removed: [] })).toBe('No changes.');
  });
});
