import type { MailMessage } from '../../adapters/mailer';
import { escapeHtml } from '../../core/html';

function codeMessage(options: {
  to: string;
  firstName: string;
  template: string;
  subject: string;
  lead: string;
  code: string;
}): MailMessage {
  const { firstName, lead, code } = options;
  const text = [
    `Hi ${firstName},`,
    '',
    lead,
    '',
    `    ${code}`,
    '',
    'The code works for 15 minutes. If you did not ask for it, you can ignore this e-mail.',
    '',
    'TwinClean, Minneapolis–St Paul',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#0f172a">
<p>Hi ${escapeHtml(firstName)},</p>
<p>${escapeHtml(lead)}</p>
<p style="font-size:28px;font-weight:700;letter-spacing:6px;color:#0f766e">${code}</p>
<p>The code works for 15 minutes. If you did not ask for it, you can ignore this e-mail.</p>
<p style="color:#64748b">TwinClean, Minneapolis–St Paul</p>
</body></html>`;
  return { to: options.to, template: options.template, subject: options.subject, text, html };
}

export const verificationEmail = (to: string, firstName: string, code: string) =>
  codeMessage({
    to,
    firstName,
    code,
    template: 'verify_email',
    subject: `${code} is your TwinClean verification code`,
    lead: 'Welcome to TwinClean! Enter this code to verify your e-mail address:',
  });

export const resetEmail = (to: string, firstName: string, code: string) =>
  codeMessage({
    to,
    firstName,
    code,
    template: 'reset_password',
    subject: `${code} is your TwinClean password reset code`,
    lead: 'Someone asked to reset the password of your TwinClean account. Enter this code to choose a new one:',
  });
