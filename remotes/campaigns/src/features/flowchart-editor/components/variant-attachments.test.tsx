import { act, fireEvent, screen } from '@testing-library/react';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { EMAIL_ATTACHMENT_LIMITS } from '@leadforge/contracts';
import { remoteTexts } from '../../../i18n';
import { VariantAttachments } from './variant-attachments';

const deck = { id: 7, fileName: 'deck.pdf', size: 2.5 * 1024 * 1024, mimeType: 'application/pdf' };
const video = { id: 8, fileName: 'demo.mp4', size: 9.5 * 1024 * 1024, mimeType: 'video/mp4' };
const sheet = { id: 9, fileName: 'prices.xlsx', size: 9.5 * 1024 * 1024, mimeType: 'application/vnd.ms-excel' };

/** A File whose size is what the test says, without allocating it. */
function fileOfSize(name: string, size: number): File {
  const file = new File(['x'], name, { type: 'application/octet-stream' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('a variant’s attachments', () => {
  it('lists the files with their size and a download link, and refuses an over-size file before it leaves', async () => {
    const onChange = jest.fn();
    const { container } = await renderInRemote(
      remoteTexts,
      <VariantAttachments campaignId={3} blockId="e1" variantIndex={0} attachments={[deck, video, sheet]} disabled={false} onChange={onChange} />,
    );
    expect(await screen.findByRole('link', { name: 'deck.pdf' })).toHaveAttribute('href', '/pipelines/api/email-content/attachment/7');
    expect(screen.getByText('(2.5 MB)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove deck.pdf' })).toBeInTheDocument();

    // The upload renders a fresh input after each pick.
    const input = () => container.querySelector('input[type="file"]') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input(), { target: { files: [fileOfSize('huge.zip', EMAIL_ATTACHMENT_LIMITS.fileBytesMax + 1)] } });
    });
    expect(await screen.findByText(/huge\.zip: A file may be at most 10 MB/)).toBeInTheDocument();
    // 4 MB is a fine file, but with the variant's 21.5 MB the email would pass 25 MB.
    await act(async () => {
      fireEvent.change(input(), { target: { files: [fileOfSize('notes.pdf', 4 * 1024 * 1024)] } });
    });
    expect(await screen.findByText(/notes\.pdf: An email's attachments may total at most 25 MB/)).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('asks for the campaign to be saved before files can be attached', async () => {
    await renderInRemote(remoteTexts, <VariantAttachments campaignId={undefined} blockId="e1" variantIndex={0} attachments={[]} disabled={false} onChange={jest.fn()} />);
    expect(await screen.findByText('Save the campaign first to attach files.')).toBeInTheDocument();
    expect(screen.getByText('No attachments')).toBeInTheDocument();
  });
});
