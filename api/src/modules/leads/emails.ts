import { CONTACT } from '@twinclean/shared/contact';
import type { MailMessage } from '../../adapters/mailer';
import { escapeHtml } from '../../core/html';

/** Text paragraphs (blank lines between) as plain text and as HTML, links made clickable. */
export function leadMessage(
  to: string,
  subject: string,
  paragraphs: string[],
  template: string,
  extra: Pick<MailMessage, 'replyTo' | 'headers'> = {},
): MailMessage {
  const html = paragraphs
    .map((p) => {
      const linked = escapeHtml(p).replace(
        /https?:\/\/[^\s<]+/g,
        (url) => `<a href="${url}">${url}</a>`,
      );
      return `<p>${linked.replaceAll('\n', '<br>')}</p>`;
    })
    .join('');
  return {
    to,
    template,
    subject,
    text: paragraphs.join('\n\n'),
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">${html}</body></html>`,
    ...extra,
  };
}

const SIGNATURE = `TwinClean, Minneapolis–St Paul\n${CONTACT.phone} · ${CONTACT.email}`;

/** The sender hears we have their message (and what they wrote, for their records). */
export function contactAcknowledgement(to: { name: string; email: string }, message: string) {
  return leadMessage(
    to.email,
    'We received your message',
    [
      `Hi ${to.name},`,
      'Thanks for writing to TwinClean. We answer every message within 24 hours; for anything urgent call or text us.',
      `What you wrote:\n${message}`,
      SIGNATURE,
    ],
    'contact_acknowledgement',
    { replyTo: CONTACT.email },
  );
}

/** An admin's answer to a contact form; the sender's reply reaches the support inbox. */
export function contactReply(to: string, subject: string, body: string) {
  return leadMessage(to, subject, [body, SIGNATURE], 'contact_reply', { replyTo: CONTACT.email });
}

/**
 * One subscriber's copy of a newsletter, with their own unsubscribe link in the text and in
 * List-Unsubscribe (RFC 8058: mail apps show an Unsubscribe button that POSTs to it).
 */
export function newsletterEmail(
  to: string,
  newsletter: { subject: string; body: string },
  links: { page: string; oneClick: string },
) {
  return leadMessage(
    to,
    newsletter.subject,
    [
      ...newsletter.body.split(/\n{2,}/),
      SIGNATURE,
      `You get this because you subscribed to TwinClean's newsletter. Unsubscribe with one click: ${links.page}`,
    ],
    'newsletter',
    {
      replyTo: CONTACT.email,
      headers: {
        'List-Unsubscribe': `<${links.oneClick}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    },
  );
}
