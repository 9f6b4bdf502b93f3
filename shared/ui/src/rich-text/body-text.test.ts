import { appendToHtml, htmlToPlainText, insertAt, plainTextToHtml } from './body-text';

describe('email body text', () => {
  it('turns HTML into plain lines and back', () => {
    expect(htmlToPlainText('<p>Hi &amp; bye</p><p>Line <b>two</b></p>')).toBe('Hi & bye\nLine two');
    expect(plainTextToHtml('a < b\nc')).toBe('<p>a &lt; b</p><p>c</p>');
  });

  it('inserts a placeholder at the caret, or at the end of the last paragraph', () => {
    expect(insertAt('Hello !', '{{firstName}}', 6)).toEqual({ text: 'Hello {{firstName}}!', caret: 19 });
    expect(insertAt('Hi', '{{x}}', null)).toEqual({ text: 'Hi{{x}}', caret: 7 });
    expect(appendToHtml('<p>Hello</p>', '{{firstName}}')).toBe('<p>Hello {{firstName}}</p>');
    expect(appendToHtml('', '{{firstName}}')).toBe('<p>{{firstName}}</p>');
  });
});
