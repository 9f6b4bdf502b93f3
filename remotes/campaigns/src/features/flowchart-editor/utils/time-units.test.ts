import { delayHours, delayParts, windowMinutes, windowParts } from './time-units';
import { appendToHtml, htmlToPlainText, insertAt, plainTextToHtml } from './body-text';

describe('trigger window and delay units', () => {
  it('shows minutes in the largest exact unit and keeps the window within 1 minute .. 30 days', () => {
    expect(windowParts(2 * 24 * 60)).toEqual({ value: 2, unit: 'days' });
    expect(windowParts(180)).toEqual({ value: 3, unit: 'hours' });
    expect(windowParts(90)).toEqual({ value: 90, unit: 'minutes' });
    expect(windowMinutes(2, 'days')).toBe(2880);
    expect(windowMinutes(31, 'days')).toBe(30 * 24 * 60);
    expect(windowMinutes(0, 'minutes')).toBe(1);
    expect(windowMinutes(null, 'hours')).toBeNull();
  });

  it('stores a delay in hours, picked in days or hours', () => {
    expect(delayParts(48)).toEqual({ value: 2, unit: 'days' });
    expect(delayParts(30)).toEqual({ value: 30, unit: 'hours' });
    expect(delayHours(1.5, 'days')).toBe(36);
    expect(delayHours(1000, 'days')).toBe(90 * 24);
  });
});

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
