import { useState } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { blocks, flowchartOf } from '@leadforge/contracts/rules/flowchart-factories';
import { campaignCapabilities, type Flowchart } from '@leadforge/contracts';
import { remoteTexts } from '../../../i18n';
import { mockReactFlow } from '../testing/mock-react-flow';
import { defaultSequence, emptyFlowchart } from '../utils/block-factories';
import { SequenceEditor, type SequenceEditorProps } from './sequence-editor';

beforeAll(mockReactFlow);

const paid = campaignCapabilities('paid');
const known = ['firstName', 'company'];

function pressDelete() {
  fireEvent.keyDown(document.body, { key: 'Delete', code: 'Delete' });
  fireEvent.keyUp(document.body, { key: 'Delete', code: 'Delete' });
}

/** The editor under a parent that keeps the flowchart, as the wizard does. */
function Harness({ initial, onChange, ...rest }: { initial: Flowchart; onChange?: (next: Flowchart) => void } & Partial<SequenceEditorProps>) {
  const [value, setValue] = useState(initial);
  return (
    <SequenceEditor
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
      capabilities={paid}
      isNewCampaign
      knownVariables={known}
      {...rest}
    />
  );
}

describe('the sequence editor', () => {
  it('draws each block’s issues on the block, and the flowchart’s own in the banner', async () => {
    const flowchart = flowchartOf(
      [blocks.start(), blocks.email('email-1'), blocks.delay('delay-2', null)],
      [['start', 'email-1']],
    );
    await renderInRemote(remoteTexts, <Harness initial={flowchart} />);
    const delay = await screen.findByTestId('block-delay-2');
    expect(within(delay).getByText('Unconnected step')).toBeInTheDocument();
    expect(within(delay).getByText('No delay set')).toHaveAttribute('title', 'Set the waiting time of the delay step.');
    expect(delay).toHaveAttribute('aria-invalid', 'true');
    expect(within(screen.getByTestId('block-email-1')).queryByRole('listitem')).toBeNull();
    expect(screen.getByText('Blocks that need attention: 1')).toBeInTheDocument();
  });

  it('says when no email or LinkedIn block is connected to the start', async () => {
    await renderInRemote(remoteTexts, <Harness initial={emptyFlowchart()} />);
    expect(await screen.findByText('No steps')).toBeInTheDocument();
    expect(screen.getByText('Connect at least one email or LinkedIn step to the start.')).toBeInTheDocument();
  });

  it('adds a block from the palette below the open block, linked to it, and opens it', async () => {
    const onChange = jest.fn();
    await renderInRemote(remoteTexts, <Harness initial={defaultSequence()} onChange={onChange} />);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Add a Delay block' }));
    const next = onChange.mock.calls.at(-1)?.[0] as Flowchart;
    expect(next.links).toContainEqual({ from: 'email-1', to: 'delay-2', output: 'next' });
    expect(await screen.findByTestId('block-delay-2')).toBeInTheDocument();
    // The drawer shows the new block's form.
    expect(await screen.findByRole('spinbutton', { name: 'Waiting time' })).toHaveValue('1');
  });

  it('keeps blocks from being added or deleted on a launched campaign, and shows its figures', async () => {
    await renderInRemote(
      remoteTexts,
      <Harness initial={defaultSequence()} structureLocked counts={{ 'email-1': { Sent: 12 } }} />,
    );
    expect(await screen.findByRole('button', { name: 'Add a Delay block' })).toBeDisabled();
    expect(within(await screen.findByTestId('block-email-1')).queryByRole('button', { name: 'Delete the Email block' })).toBeNull();
    expect(within(screen.getByTestId('block-counts-email-1')).getByText('Sent: 12')).toBeInTheDocument();
  });

  it('deletes the selected block and its links with the Delete key, but never the start', async () => {
    const onChange = jest.fn();
    await renderInRemote(remoteTexts, <Harness initial={defaultSequence()} onChange={onChange} />);
    fireEvent.click(await screen.findByTestId('block-start'));
    pressDelete();
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('block-email-1'));
    pressDelete();
    await waitFor(() => expect(screen.queryByTestId('block-email-1')).toBeNull());
    expect(onChange).toHaveBeenLastCalledWith({ operators: [defaultSequence().operators[0]], links: [] });
  });
});
