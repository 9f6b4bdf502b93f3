import { furthestStep, stepOfIssue, stepOfSlug, stepSlug, wizardPath } from './wizard-steps';
import { fillVariables, previewVariables, escapeHtml } from './preview-variables';

describe('wizard steps in the address', () => {
  it('reads and writes step slugs', () => {
    expect(stepSlug('sending_options')).toBe('sending-options');
    expect(stepOfSlug('sending-options')).toBe('sending_options');
    expect(stepOfSlug(undefined)).toBeNull();
    expect(stepOfSlug('nope')).toBeNull();
    expect(wizardPath(7, 'review')).toBe('/campaigns/create/review?id=7');
  });

  it('links each launch issue to the step that fixes it', () => {
    expect(stepOfIssue('not_connected_block')).toBe('sequence');
    expect(stepOfIssue('launch_choose_not_send_list')).toBe('prospects');
    expect(stepOfIssue('launch_no_email_accounts')).toBe('sending_options');
    expect(stepOfIssue('email_wrap_links_plan_size')).toBe('sending_options');
  });

  it('never moves the saved step back', () => {
    expect(furthestStep('review', 'prospects')).toBe('review');
    expect(furthestStep('sequence', 'prospects')).toBe('prospects');
  });
});

describe('email preview for a recipient', () => {
  const row = {
    name: 'Ada Lovelace',
    first_name: 'Ada',
    last_name: 'Lovelace',
    emails: [{ email: 'ada@example.com' }],
    company: 'Engines <Ltd>',
    industry: null,
    country: 'UK',
    location: null,
    customFields: { Hobby: 'maths', firstName: 'not this' },
  } as unknown as Parameters<typeof previewVariables>[0];

  it('fills built-in and custom variables without case, leaving unknown ones as written', () => {
    const values = previewVariables(row);
    expect(fillVariables('Hi {{ FirstName }} of {{companyName}}, {{hobby}} {{nope}}', values)).toBe('Hi Ada of Engines <Ltd>, maths {{nope}}');
  });

  it('escapes values for an HTML body', () => {
    expect(fillVariables('<p>{{companyName}}</p>', previewVariables(row), escapeHtml)).toBe('<p>Engines &lt;Ltd&gt;</p>');
  });
});
