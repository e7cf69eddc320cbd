import { toE164 } from '@twinclean/shared/phone';
import type { Knex } from 'knex';
import { SmsOptOut } from '../../models/outbound-text';

/** The carriers' opt-out and opt-in words (CTIA), which Twilio honours on its side too. */
const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);
const START_WORDS = new Set(['START', 'UNSTOP', 'YES']);

/**
 * What a text sent to our number changes: STOP (and its synonyms, the whole message, any case)
 * stops every text to that number until START. Anything else is nobody's to read here.
 */
export async function replyToText(
  db: Knex,
  from: string,
  body: string,
): Promise<'stopped' | 'started' | 'ignored'> {
  const phone = from.length <= 40 ? toE164(from) : null;
  if (!phone) return 'ignored';
  const word = body.trim().toUpperCase();
  if (STOP_WORDS.has(word)) {
    await SmsOptOut.query(db).insert({ phone }).onConflict('phone').ignore();
    return 'stopped';
  }
  if (START_WORDS.has(word)) {
    await SmsOptOut.query(db).deleteById(phone);
    return 'started';
  }
  return 'ignored';
}
