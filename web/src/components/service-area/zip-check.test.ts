import { ApiError } from '@twinclean/shared/http';
import { notServedMessage, type ServiceAreaCheck } from '@twinclean/shared/service-area';
import { describe, expect, it } from 'vitest';
import { firstUnserved, isCompleteZip, notServedFields, verdictOf } from './zip-check';

const check = (zip: string, served: boolean): ServiceAreaCheck => ({
  zip,
  served,
  place: null,
  message: served ? null : notServedMessage(zip),
});

describe('verdictOf', () => {
  it('asks nothing until the ZIP has 5 digits', () => {
    expect(verdictOf('5580', { isError: false })).toBe('incomplete');
    expect(verdictOf('', { data: check('55802', false), isError: false })).toBe('incomplete');
  });

  it("reads the server's answer for the ZIP typed, and only for it", () => {
    expect(verdictOf('55802', { data: check('55802', false), isError: false })).toBe('not_served');
    expect(verdictOf('55408', { data: check('55408', true), isError: false })).toBe('served');
    // An answer still on screen for the previous ZIP says nothing about this one.
    expect(verdictOf('55408', { data: check('55802', false), isError: false })).toBe('checking');
  });

  it('calls a failed check unknown, which does not hold the booking back', () => {
    expect(verdictOf('55802', { isError: true })).toBe('unknown');
  });
});

describe('notServedFields', () => {
  it("names the fields of the API's 422 not_served", () => {
    const message = notServedMessage('55803');
    const error = new ApiError(422, {
      message,
      code: 'not_served',
      details: { fields: { dropoffZipCode: message } },
    });
    expect(notServedFields(error)).toEqual({ dropoffZipCode: message });
  });

  it('names none for any other error', () => {
    expect(notServedFields(new ApiError(422, { message: 'Bad', code: 'invalid_slot' }))).toEqual(
      {},
    );
    expect(notServedFields(new ApiError(422, { message: 'Odd', code: 'not_served' }))).toEqual({});
    expect(notServedFields(new Error('Failed to fetch'))).toEqual({});
  });
});

describe('firstUnserved', () => {
  const served = new Set(['55408', '55102']);
  const ask = async (zip: string) => check(zip, served.has(zip));

  it('finds the first ZIP not served, in the order given', async () => {
    expect(await firstUnserved(ask, ['55408', '55803', '55802'])).toBe(1);
    expect(await firstUnserved(ask, ['55408', '55102'])).toBe(-1);
  });

  it('skips what is not a ZIP yet (the schema has its own message for it)', async () => {
    const asked: string[] = [];
    const spy = async (zip: string) => {
      asked.push(zip);
      return ask(zip);
    };
    expect(await firstUnserved(spy, ['558', '', '55408'])).toBe(-1);
    expect(asked).toEqual(['55408']);
    expect(isCompleteZip('5540a')).toBe(false);
  });

  it('lets the booking go on when the check fails (the server checks again)', async () => {
    const offline = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await firstUnserved(offline, ['55802'])).toBe(-1);
  });
});
