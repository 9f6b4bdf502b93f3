import { emailVariant } from './flowchart-factories';
import { DYNAMIC_TEXT_MAX, dynamicTextGroups, renderDynamicText, variantFlags, withText } from './dynamic-text';

const known = ['firstName', 'company'];

describe('an email variant’s flags', () => {
  it('has content only when the body shows some text', () => {
    expect(variantFlags({ subject: 'Hi', content: '<p> &nbsp;</p>' }, known).hasContent).toBe(false);
    expect(variantFlags({ subject: 'Hi', content: '<p>Hello</p>' }, known).hasContent).toBe(true);
  });

  it('flags a variable that is neither a prospect field nor a custom field, in the subject or the body', () => {
    expect(variantFlags({ subject: 'Hi {{ firstName }}', content: 'At {{Company}}' }, known).hasInvalidVariables).toBe(false);
    expect(variantFlags({ subject: 'Hi {{nickname}}', content: 'x' }, known).hasInvalidVariables).toBe(true);
  });

  it('finds dynamic text groups but not variables', () => {
    expect(dynamicTextGroups('{Hi|Hello} {{firstName}} {plain} {{a|b}}')).toEqual(['Hi|Hello']);
    expect(variantFlags({ subject: '{Hi|Hello}', content: 'x' }, known)).toMatchObject({ hasDynamicText: true, overLimitDynamicText: false });
  });

  it('flags a dynamic text group over the limit', () => {
    const long = `{${'a'.repeat(DYNAMIC_TEXT_MAX)}|b}`;
    expect(variantFlags({ subject: 's', content: `<p>${long}</p>` }, known).overLimitDynamicText).toBe(true);
  });

  it('recomputes the flags whenever the text changes', () => {
    const empty = emailVariant({ subject: '', content: '', hasContent: false });
    const written = withText(empty, { content: '<p>Hello {{unknown}}</p>' }, known);
    expect(written).toMatchObject({ content: '<p>Hello {{unknown}}</p>', hasContent: true, hasInvalidVariables: true });
    expect(withText(written, { content: '<p>Hello {{firstName}}</p>' }, known).hasInvalidVariables).toBe(false);
  });

  it('renders one option of each group per recipient, the same one every time', () => {
    const text = '{Hi|Hello|Hey} {{firstName}}, {quick|short} question';
    const first = renderDynamicText(text, 'r1:a');
    expect(first).toMatch(/^(Hi|Hello|Hey) \{\{firstName\}\}, (quick|short) question$/);
    expect(renderDynamicText(text, 'r1:a')).toBe(first);
    const greetings = new Set(Array.from({ length: 60 }, (_, index) => renderDynamicText('{Hi|Hello|Hey}', `r${index}:a`)));
    expect(greetings).toEqual(new Set(['Hi', 'Hello', 'Hey']));
    expect(renderDynamicText('no groups {{x}} {y}', 'r1:a')).toBe('no groups {{x}} {y}');
  });
});
