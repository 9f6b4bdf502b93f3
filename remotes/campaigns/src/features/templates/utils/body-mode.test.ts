import { htmlToPlainText, plainTextToHtml } from './body-mode';

describe('switching a template body between rich text and plain text', () => {
  it('keeps the words and the line breaks of an HTML body', () => {
    expect(htmlToPlainText('<p>Hi {{firstName}},</p><p>Tom &amp; Jerry<br>say <strong>hello</strong></p>')).toBe(
      'Hi {{firstName}},\nTom & Jerry\nsay hello',
    );
  });

  it('turns each line of plain text into a paragraph, markup-like text escaped', () => {
    expect(plainTextToHtml('Hi,\n\n1 < 2 & <b>')).toBe('<p>Hi,</p><p></p><p>1 &lt; 2 &amp; &lt;b&gt;</p>');
    expect(plainTextToHtml('   ')).toBe('');
  });

  it('comes back to the same text after a round trip', () => {
    const text = 'Line one\nLine two';
    expect(htmlToPlainText(plainTextToHtml(text))).toBe(text);
  });
});
