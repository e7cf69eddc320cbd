import type { MailMessage } from '../../adapters/mailer';
import { escapeHtml } from '../../core/html';

/** The first paragraph of an approved applicant's set-password e-mail (accounts/emails.ts). */
export const APPROVAL_LEAD =
  'Good news: your application to clean with TwinClean was approved, and your provider account is ready. Once you have chosen a password, the job board in the provider app shows the jobs you can take.';

/** DECISIONS.md "Admin operations": rejecting an application e-mails a polite no. */
export function rejectionEmail(to: string, firstName: string): MailMessage {
  const paragraphs = [
    'Thank you for applying to clean with TwinClean and for the time you took to tell us about yourself.',
    'We have read your application carefully, and we are not able to offer you a place on our team at this time.',
    'This is no judgement of your work. Our needs change through the year, and you are welcome to apply again later.',
    'We wish you all the best.',
  ];
  const text = [
    `Hi ${firstName},`,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    'The TwinClean team',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">
<p>Hi ${escapeHtml(firstName)},</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p style="color:#64748b">The TwinClean team</p>
</body></html>`;
  return {
    to,
    template: 'application_rejected',
    subject: 'Your application to TwinClean',
    text,
    html,
  };
}
