import { isAllowedLinkUrl, normalizeLinkUrl } from './link-url';

describe('a link address typed into the editor', () => {
  it('is kept when it is a web or email address', () => {
    expect(normalizeLinkUrl('https://example.com/about?x=1')).toBe('https://example.com/about?x=1');
    expect(normalizeLinkUrl('  http://example.com  ')).toBe('http://example.com/');
    expect(normalizeLinkUrl('mailto:ana@example.com')).toBe('mailto:ana@example.com');
  });

  it('gets the scheme people leave out', () => {
    expect(normalizeLinkUrl('www.example.com/pricing')).toBe('https://www.example.com/pricing');
    expect(normalizeLinkUrl('ana@example.com')).toBe('mailto:ana@example.com');
  });

  it('is refused when it could run code or is not an address at all', () => {
    for (const address of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(document.cookie)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      'ftp://example.com',
      '//example.com',
      'https://',
      'mailto:',
      'hello',
      '',
    ]) {
      expect([address, normalizeLinkUrl(address)]).toEqual([address, null]);
      expect(isAllowedLinkUrl(address)).toBe(false);
    }
  });
});
