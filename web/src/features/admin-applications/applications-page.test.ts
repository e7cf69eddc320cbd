import { describe, expect, it } from 'vitest';
import { applicationsSearchFormSchema } from './applications-page';

const parse = (q: string) => applicationsSearchFormSchema.safeParse({ q });

describe('the applications filter form', () => {
  it('sends the search trimmed, and a blank one as no search', () => {
    expect(parse('  Tova ').data).toEqual({ q: 'Tova' });
    expect(parse('   ').data).toEqual({ q: undefined });
    expect(parse('').data).toEqual({ q: undefined });
  });

  it('refuses what the list would refuse, with its message', () => {
    expect(parse('x'.repeat(101)).error?.issues).toMatchObject([
      { path: ['q'], message: 'Search is at most 100 characters' },
    ]);
  });
});
