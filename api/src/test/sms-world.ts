import type { Knex } from 'knex';
import pino from 'pino';
import { createSms } from '../adapters/sms';
import { siteUrlOf } from '../app';
import { twilioSignature } from '../modules/sms/signature';

/**
 * The texts' resources for the access-matrix and fuzz tests: Twilio's signature of an empty post
 * to the inbound webhook, made with the stored default's key for the test apps' site address
 * (they set no SMS_* and no PUBLIC_URL), as Twilio would make it with the auth token.
 */
export async function smsWorld(db: Knex) {
  const key = await createSms({ db, logger: pino({ level: 'silent' }) }).webhookKey();
  const url = `${siteUrlOf({})}/api/sms/inbound`;
  return { smsSignature: twilioSignature(key, url, new URLSearchParams()) };
}
