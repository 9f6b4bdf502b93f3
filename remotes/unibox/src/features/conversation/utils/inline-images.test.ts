import type { UniboxAttachment } from '@leadforge/contracts';
import { inlineImageIds, inlineImageParts, withInlineImages } from './inline-images';

const part = (overrides: Partial<UniboxAttachment>): UniboxAttachment => ({
  filename: 'logo.png',
  contentType: 'image/png',
  size: 120,
  disposition: 'inline',
  contentId: 'Logo@Kim.test',
  ...overrides,
});

describe('pictures a message carries (cid:)', () => {
  const html = '<p>Hi</p><img src="cid:logo@kim.test" alt="Kim"><img src=\'cid:chart%40kim.test\'><img src="https://tracker.test/p.gif">';

  it('names the Content-IDs the HTML shows, without case or URL escapes', () => {
    expect(inlineImageIds(html)).toEqual(['logo@kim.test', 'chart@kim.test']);
  });

  it('matches them to small picture parts only (never SVG, never a large file)', () => {
    const attachments = [
      part({ filename: 'deck.pdf', contentType: 'application/pdf', contentId: null, disposition: 'attachment' }),
      part({}),
      part({ filename: 'chart.svg', contentType: 'image/svg+xml', contentId: 'chart@kim.test' }),
    ];
    expect(inlineImageParts(html, attachments)).toEqual([{ contentId: 'logo@kim.test', index: 1, type: 'image/png' }]);
    expect(inlineImageParts(html, [part({ size: 6 * 1024 * 1024 })])).toEqual([]);
  });

  it('puts the data: URLs in place of the sources found and leaves the rest', () => {
    const out = withInlineImages(html, new Map([['logo@kim.test', 'data:image/png;base64,AAAA']]));
    expect(out).toBe('<p>Hi</p><img src="data:image/png;base64,AAAA" alt="Kim"><img src=\'cid:chart%40kim.test\'><img src="https://tracker.test/p.gif">');
  });
});
