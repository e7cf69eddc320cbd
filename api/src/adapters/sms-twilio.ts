// Twilio's Programmable Messaging REST API over plain fetch: the two calls the outbox needs
// (create a message, list the ones sent to a number) do not justify the official package.

export type TwilioSettings = {
  accountSid: string;
  authToken: string;
  /** An E.164 number, or a Messaging Service SID (MG…) that picks the number itself. */
  from: string;
  /** https://api.twilio.com, or a stand-in's address in tests. */
  apiUrl: string;
};

export type TwilioText = { to: string; body: string };

/** How an attempt to send ended. `retry` may or may not have reached Twilio (a lost answer). */
export type SendOutcome =
  | { kind: 'sent'; sid: string }
  | { kind: 'retry'; reason: string }
  | { kind: 'opted_out'; reason: string }
  | { kind: 'failed'; reason: string };

/** Each call ends well within the outbox's claim on the message (adapters/sms.ts). */
const TIMEOUT_MS = 15_000;
/** The recipient sent STOP to our number (Twilio keeps its own list too). */
const UNSUBSCRIBED = 21610;
/** Not a valid number; not a number that takes texts: sending again changes nothing. */
const NEVER_DELIVERABLE = new Set([21211, 21614]);

/** Any run of digits long enough to be a phone number (Twilio writes E.164), to its last four. */
export const maskNumbers = (text: string) =>
  text.replace(/\+?\d{7,}/g, (found) => `…${found.slice(-4)}`);

export function twilioMessages(settings: TwilioSettings) {
  const base = `${settings.apiUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${settings.accountSid}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  const viaService = settings.from.startsWith('MG');

  const call = (url: string, init: RequestInit = {}) =>
    fetch(url, {
      ...init,
      headers: { Authorization: authorization, Accept: 'application/json', ...init.headers },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });

  /** Twilio's error body: { code, message, status, more_info }. Numbers in it are masked. */
  const refusal = async (res: Response) => {
    const answer = (await res.json().catch(() => ({}))) as { code?: number; message?: string };
    const reason = maskNumbers(
      `Twilio answered ${res.status}${answer.code ? ` (${answer.code})` : ''}: ${answer.message ?? res.statusText}`,
    );
    return { code: answer.code, reason };
  };

  return {
    async send(text: TwilioText): Promise<SendOutcome> {
      const form = new URLSearchParams({
        To: text.to,
        [viaService ? 'MessagingServiceSid' : 'From']: settings.from,
        Body: text.body,
      });
      let res: Response;
      try {
        res = await call(base, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: form,
        });
      } catch (error) {
        // The request may have been taken before the connection failed: the next attempt
        // looks it up before sending again (adapters/sms.ts).
        return { kind: 'retry', reason: `No answer from Twilio: ${(error as Error).message}` };
      }
      if (res.status === 201 || res.status === 200) {
        const message = (await res.json().catch(() => ({}))) as { sid?: string };
        if (message.sid) return { kind: 'sent', sid: message.sid };
        return { kind: 'retry', reason: 'Twilio answered without a message SID' };
      }
      const { code, reason } = await refusal(res);
      if (code === UNSUBSCRIBED) return { kind: 'opted_out', reason };
      if (res.status === 429 || res.status >= 500) return { kind: 'retry', reason };
      if (code !== undefined && NEVER_DELIVERABLE.has(code)) return { kind: 'failed', reason };
      // Another 4xx (our credentials, our number): not this message's fault, so it waits for
      // the fix rather than being lost; the give-up time still ends it.
      return { kind: 'retry', reason };
    },

    /**
     * The SID of a message Twilio already holds with this body to this number, created at or
     * after `since`, and not one of `taken`; null when there is none. Not filtered by DateSent,
     * which a message Twilio has accepted but not yet sent does not have. Throws when Twilio
     * cannot be asked (the caller tries again later rather than risk a second copy).
     */
    async find(text: TwilioText, since: Date, taken: (sid: string) => Promise<boolean>) {
      const query = new URLSearchParams({ To: text.to, PageSize: '100' });
      if (!viaService) query.set('From', settings.from);
      const res = await call(`${base}?${query}`);
      if (!res.ok) throw new Error((await refusal(res)).reason);
      const page = (await res.json()) as {
        messages?: { sid: string; body: string; date_created: string }[];
      };
      // Twilio's dates are to the second.
      const from = Math.floor(since.getTime() / 1000) * 1000;
      for (const message of page.messages ?? []) {
        if (message.body !== text.body || Date.parse(message.date_created) < from) continue;
        if (!(await taken(message.sid))) return message.sid;
      }
      return null;
    },
  };
}
