import { describe, expect, it } from 'vitest';
import { layoutEmail, serviceName, visitText, when } from './email-layout';

describe('the e-mail layout', () => {
  it('sends the lines as plain text and as escaped paragraphs, a blank line as none', () => {
    const message = layoutEmail(
      'ann@example.com',
      'Hello',
      ['Hi <Ann> & "Bo",', '', "It's booked."],
      'test_template',
    );
    expect(message).toMatchObject({
      to: 'ann@example.com',
      subject: 'Hello',
      template: 'test_template',
      text: 'Hi <Ann> & "Bo",\n\nIt\'s booked.',
    });
    expect(message.html).toContain(
      '<p>Hi &lt;Ann&gt; &amp; &quot;Bo&quot;,</p><p>It&#39;s booked.</p>',
    );
    expect(message.html).not.toContain('<p></p>');
  });

  it('names a visit by its service, date, time and address', () => {
    expect(when('2026-12-04', '09:00')).toBe('Friday, December 4, 2026 at 9:00 AM');
    expect(serviceName({ serviceType: 'house' })).toBe('house cleaning');
    expect(serviceName({ serviceType: 'dry_cleaning' })).toBe('dry cleaning & rug care pickup');
    expect(
      visitText({
        serviceType: 'carpet',
        scheduledDate: '2026-12-04',
        scheduledTime: '13:30',
        address: '1 Main St',
        city: 'Minneapolis',
      }),
    ).toBe('your carpet cleaning on Friday, December 4, 2026 at 1:30 PM at 1 Main St, Minneapolis');
  });
});
