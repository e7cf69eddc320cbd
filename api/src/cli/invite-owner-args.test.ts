import { describe, expect, it } from 'vitest';
import { parseOwnerArgs } from './invite-owner-args';

const ada = ['--email', 'ada@company.example', '--first-name', 'Ada', '--last-name', 'Lovelace'];

describe('parseOwnerArgs', () => {
  it('reads the owner as the admin invitation does: trimmed, the address lower-cased', () => {
    expect(
      parseOwnerArgs([
        '--email',
        ' Ada@Company.Example ',
        '--first-name',
        ' Ada',
        '--last-name=Lovelace',
      ]),
    ).toEqual({
      kind: 'owner',
      owner: { email: 'ada@company.example', firstName: 'Ada', lastName: 'Lovelace' },
    });
  });

  it('names every missing or invalid value by its flag', () => {
    expect(parseOwnerArgs([])).toEqual({
      kind: 'invalid',
      problems: [
        '--email: Email is required',
        '--first-name: First name is required',
        '--last-name: Last name is required',
      ],
    });
    expect(
      parseOwnerArgs(['--email', 'ada@', '--first-name', '  ', '--last-name', 'L'.repeat(101)]),
    ).toEqual({
      kind: 'invalid',
      problems: [
        '--email: Enter a valid email address',
        '--first-name: First name is required',
        '--last-name: Last name is too long',
      ],
    });
  });

  it('refuses an unknown flag, a stray word and a flag without its value', () => {
    for (const [argv, problem] of [
      [[...ada, '--role', 'admin_staff'], "Unknown option '--role'"],
      [[...ada, 'extra'], "Unexpected argument 'extra'"],
      [
        ['--first-name', 'Ada', '--last-name', 'Lovelace', '--email'],
        "Option '--email <value>' argument missing",
      ],
    ] as const) {
      const parsed = parseOwnerArgs([...argv]);
      expect(parsed.kind).toBe('invalid');
      expect(parsed.kind === 'invalid' && parsed.problems.join('\n')).toContain(problem);
    }
  });

  it('answers --help and -h with the usage', () => {
    expect(parseOwnerArgs(['--help'])).toEqual({ kind: 'help' });
    expect(parseOwnerArgs(['-h', ...ada])).toEqual({ kind: 'help' });
  });
});
