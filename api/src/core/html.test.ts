import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html';

describe('escapeHtml', () => {
  it('escapes all five characters that are special in HTML text and attributes', () => {
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
    expect(escapeHtml(`<script>alert("x's")</script>`)).toBe(
      '&lt;script&gt;alert(&quot;x&#39;s&quot;)&lt;/script&gt;',
    );
  });

  it('escapes an & that already starts an entity again, so the text shows as typed', () => {
    expect(escapeHtml('&amp; &lt;')).toBe('&amp;amp; &amp;lt;');
    expect(escapeHtml(escapeHtml('<'))).toBe('&amp;lt;');
  });

  it('passes everything else through, non-ASCII included', () => {
    const text = 'Zoë’s café – Minneapolis–St Paul · 日本 😀\n\ttab';
    expect(escapeHtml(text)).toBe(text);
    expect(escapeHtml('')).toBe('');
  });
});
