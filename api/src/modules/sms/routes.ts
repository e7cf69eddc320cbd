import type { Knex } from 'knex';
import getRawBody from 'raw-body';
import type { Sms } from '../../adapters/sms';
import { AppError } from '../../errors';
import { type Route, route } from '../../http/route';
import { replyToText } from './inbound';
import { signatureMatches } from './signature';

/** An incoming text's post is a few hundred bytes of Twilio's parameters. */
const INBOUND_LIMIT = 32 * 1024;

/**
 * Issue 32 "Text messages": Twilio posts each text sent to our number here (the number's
 * incoming-message webhook). STOP and START are all we act on. Public, as Twilio has no
 * session: its signature, with our auth token, is what lets a post in.
 */
export function smsRoutes(deps: { db: Knex; sms: Sms; siteUrl: string }): Route[] {
  return [
    route({ method: 'POST', path: '/api/sms/inbound', access: { public: true } }, async (ctx) => {
      const hasBody =
        Number(ctx.get('Content-Length') || 0) > 0 || ctx.get('Transfer-Encoding') !== '';
      if (hasBody && !ctx.is('application/x-www-form-urlencoded')) {
        throw new AppError(
          415,
          'unsupported_media_type',
          'Send the parameters form-encoded (application/x-www-form-urlencoded), as Twilio does.',
        );
      }
      const raw = hasBody
        ? await getRawBody(ctx.req, {
            length: ctx.get('Content-Length') || null,
            limit: INBOUND_LIMIT,
            encoding: 'utf-8',
          })
        : '';
      const params = new URLSearchParams(raw);
      // The address Twilio was given: the site's public one, not what the proxy passed on.
      const url = `${deps.siteUrl.replace(/\/+$/, '')}${ctx.url}`;
      const signature = ctx.get('X-Twilio-Signature');
      if (!signature || !signatureMatches(await deps.sms.webhookKey(), url, params, signature)) {
        throw new AppError(403, 'bad_signature', 'The request signature does not match.');
      }
      await replyToText(deps.db, params.get('From') ?? '', params.get('Body') ?? '');
      // TwiML with nothing to say: Twilio itself confirms STOP and START to the sender.
      ctx.type = 'text/xml';
      return '<?xml version="1.0" encoding="UTF-8"?><Response/>';
    }),
  ];
}
