import { emailVariant } from '@leadforge/contracts/rules/flowchart-factories';
import { DYNAMIC_TEXT_MAX, dynamicTextGroups, variantFlags, withText } from './variant-flags';

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
});
