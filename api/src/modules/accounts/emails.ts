import type { MailMessage } from '../../adapters/mailer';
import { escapeHtml } from '../../core/html';

/**
 * The page that sets the password: /login opened at the reset flow's code step with the address
 * filled in (web/src/routes/login.tsx), so the code in this e-mail is the one it asks for.
 */
export const setPasswordUrl = (siteUrl: string, email: string) =>
  `${siteUrl}/login?${new URLSearchParams({ reset: email })}`;

/**
 * A new account's first password, chosen through the password-reset flow with this code
 * (DECISIONS.md "Admin operations"). The code is the reset code: it lasts 15 minutes, and
 * "Forgot password?" on the sign-in page sends a new one.
 */
export function invitationEmail(options: {
  to: string;
  firstName: string;
  code: string;
  /** Why they have an account: the first paragraph. */
  lead: string;
  siteUrl: string;
}): MailMessage {
  const { to, firstName, code, lead, siteUrl } = options;
  const link = setPasswordUrl(siteUrl, to);
  const text = [
    `Hi ${firstName},`,
    '',
    lead,
    '',
    `To choose your password, open ${link} and enter this code:`,
    '',
    `    ${code}`,
    '',
    `The code works for 15 minutes. If it has run out, open ${siteUrl}/login, choose "Forgot password?" and we will e-mail you a new one.`,
    '',
    'TwinClean, Minneapolis–St Paul',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">
<p>Hi ${escapeHtml(firstName)},</p>
<p>${escapeHtml(lead)}</p>
<p>To choose your password, <a href="${escapeHtml(link)}">open the sign-in page</a> and enter this code:</p>
<p style="font-size:28px;font-weight:700;letter-spacing:6px;color:#0f766e">${code}</p>
<p>The code works for 15 minutes. If it has run out, open <a href="${escapeHtml(`${siteUrl}/login`)}">${escapeHtml(`${siteUrl}/login`)}</a>, choose “Forgot password?” and we will e-mail you a new one.</p>
<p style="color:#64748b">TwinClean, Minneapolis–St Paul</p>
</body></html>`;
  return { to, template: 'set_password', subject: 'Set your TwinClean password', text, html };
}
