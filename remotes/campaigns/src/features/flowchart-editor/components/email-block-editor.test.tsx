import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import { Button } from 'antd';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { emailVariant } from '@leadforge/contracts/rules/flowchart-factories';
import type { FlowchartBlockOf } from '@leadforge/contracts';
import { remoteTexts } from '../../../i18n';
import { EmailBlockEditor, type EmailBlockEditorProps } from './email-block-editor';

const known = ['firstName', 'company'];
type EmailBlock = FlowchartBlockOf<'email'>;

function Harness({ onChange, ...slots }: { onChange: (block: EmailBlock) => void } & Partial<EmailBlockEditorProps>) {
  // Plain-text mode keeps the rich editor (a lazy TipTap chunk) out of this jsdom test.
  const [block, setBlock] = useState<EmailBlock>({
    id: 'email-1',
    type: 'email',
    emails: [emailVariant({ subject: '', content: '', plainTextMode: true, hasContent: false })],
  });
  return (
    <EmailBlockEditor
      block={block}
      disabled={false}
      knownVariables={known}
      onChange={(next) => {
        setBlock(next);
        onChange(next);
      }}
      {...slots}
    />
  );
}

const lastBlock = (onChange: jest.Mock): EmailBlock => onChange.mock.calls.at(-1)?.[0] as EmailBlock;

describe('the email block editor', () => {
  it('writes a variant’s subject and body and keeps its flags in step with the text', async () => {
    const onChange = jest.fn();
    await renderInRemote(remoteTexts, <Harness onChange={onChange} />);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Subject' }), { target: { value: 'Hi {{nickname}}' } });
    expect(lastBlock(onChange).emails[0]).toMatchObject({ subject: 'Hi {{nickname}}', hasInvalidVariables: true, hasContent: false });
    fireEvent.change(screen.getByRole('textbox', { name: 'Body' }), { target: { value: '{Hello|Hi} there' } });
    expect(lastBlock(onChange).emails[0]).toMatchObject({ content: '{Hello|Hi} there', hasContent: true, hasDynamicText: true });
  });

  it('adds variant B in the same writing mode and inserts a variable into its body', async () => {
    const onChange = jest.fn();
    await renderInRemote(remoteTexts, <Harness onChange={onChange} />);
    // fireEvent rather than user-event: no hover and pointer sequence to re-render on a busy machine.
    fireEvent.click(await screen.findByRole('button', { name: 'Add a variant' }));
    expect(screen.getByRole('tab', { name: 'Variant B' })).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Insert variable' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '{{firstName}}' }));
    expect(lastBlock(onChange).emails).toEqual([
      expect.objectContaining({ subject: '', content: '' }),
      expect.objectContaining({ content: '{{firstName}}', plainTextMode: true, hasContent: true, hasInvalidVariables: false }),
    ]);
    fireEvent.click(screen.getAllByRole('button', { name: 'Remove the variant' })[0] as HTMLElement);
    expect(lastBlock(onChange).emails).toHaveLength(1);
    expect(lastBlock(onChange).emails[0]?.content).toBe('{{firstName}}');
  });

  it('fills the variant from the template slot and hands the text to the save-template slot', async () => {
    const onChange = jest.fn();
    const saved = jest.fn();
    await renderInRemote(
      remoteTexts,
      <Harness
        onChange={onChange}
        renderTemplatePicker={(apply) => (
          <Button onClick={() => apply({ subject: 'From a template', body: '<p>Hi {{company}}</p>', plainTextMode: false })}>Pick</Button>
        )}
        renderSaveTemplate={(email) => {
          saved(email);
          return null;
        }}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Pick' }));
    expect(lastBlock(onChange).emails[0]).toMatchObject({ subject: 'From a template', content: '<p>Hi {{company}}</p>', plainTextMode: false, hasContent: true });
    expect(saved).toHaveBeenLastCalledWith({ subject: 'From a template', body: '<p>Hi {{company}}</p>', plainTextMode: false });
  });
});
