import { visitUpdateSettingsSchema } from '@twinclean/shared/visit-updates';
import { describe, expect, it } from 'vitest';
import { settingsValues, stopNote } from './settings-values';
import '@twinclean/shared/zod-english';

const saved = {
  phone: '+16125550199',
  byEmail: true,
  byText: true,
  textsStopped: false,
  replyNumber: null,
};

describe('visit update settings form', () => {
  it('shows a stored E.164 number as people write it, and saves it back unchanged', () => {
    const values = settingsValues(saved);
    expect(values.phone).toBe('(612) 555-0199');
    expect(visitUpdateSettingsSchema.parse(values)).toEqual({
      phone: '+16125550199',
      byEmail: true,
      byText: true,
    });
  });

  it('shows no number as an empty field', () => {
    expect(settingsValues({ ...saved, phone: null, byText: false }).phone).toBe('');
  });

  it('refuses what the form could send wrong: a bad number, texts without a number', () => {
    const bad = visitUpdateSettingsSchema.safeParse({
      phone: '555-01',
      byEmail: true,
      byText: true,
    });
    expect(bad.error?.issues.map((i) => [i.path, i.message])).toContainEqual([
      ['phone'],
      'Enter a valid US mobile number, like (612) 555-0199',
    ]);
    const none = visitUpdateSettingsSchema.safeParse({ phone: '', byEmail: true, byText: true });
    expect(none.error?.issues.map((i) => [i.path, i.message])).toEqual([
      [['phone'], 'Add a mobile number to get text messages'],
    ]);
  });

  it('tells a stopped number which number to text START to, as people write it', () => {
    expect(stopNote({ replyNumber: '+16125550100' })).toBe(
      'This number replied STOP. Text START to (612) 555-0100 to get texts again.',
    );
    expect(stopNote({ replyNumber: null })).toBe(
      'This number replied STOP. Text START to our number to get texts again.',
    );
  });
});
