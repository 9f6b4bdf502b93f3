import { buildSrcDoc, hasRemoteImages, splitQuotedHtml, splitQuotedText } from './message-html';

describe('a message in its frame', () => {
  it('blocks remote images by policy until they are allowed, and never allows scripts', () => {
    const blocked = buildSrcDoc('<p>Hi<img src="https://tracker.test/p.gif"></p>', false);
    expect(blocked.indexOf('Content-Security-Policy')).toBeLessThan(blocked.indexOf('<body>'));
    const policy = /content="([^"]*)"/.exec(blocked.slice(blocked.indexOf('Content-Security-Policy')))?.[1] ?? '';
    expect(policy).toContain('img-src data:;');
    expect(policy).not.toMatch(/https?:|script-src/);
    const allowed = buildSrcDoc('<p>Hi</p>', true);
    expect(allowed).toContain('img-src data: https: http:');
    expect(allowed).toContain("default-src 'none'");
  });

  it('knows when there are remote images to show', () => {
    expect(hasRemoteImages('<img src="https://a.test/x.png">')).toBe(true);
    expect(hasRemoteImages('<td style="background:url(//a.test/x.png)">')).toBe(true);
    expect(hasRemoteImages('<img src="data:image/png;base64,AAAA">')).toBe(false);
  });

  it('collapses Gmail quotes, blockquotes and ">" lines with their "wrote:" line', () => {
    expect(splitQuotedHtml('<p>Sure!</p><div class="gmail_quote"><p>On Mon, Ada wrote:</p><blockquote>Call?</blockquote></div>')).toEqual({
      visible: '<p>Sure!</p>',
      hasQuote: true,
    });
    expect(splitQuotedHtml('<p>No history</p>')).toEqual({ visible: '<p>No history</p>', hasQuote: false });
    expect(splitQuotedText('Sure!\n\nOn Mon, Ada wrote:\n> Call?\n> Tomorrow')).toEqual({
      visible: 'Sure!',
      quoted: 'On Mon, Ada wrote:\n> Call?\n> Tomorrow',
    });
  });
});
