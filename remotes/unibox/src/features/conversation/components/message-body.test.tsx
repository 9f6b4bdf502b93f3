import { fireEvent, screen } from '@testing-library/react';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { remoteTexts } from '../../../i18n';
import { SHOW_IMAGES_KEY } from '../hooks/use-image-permission';
import { MessageBody } from './message-body';

const policyOf = (frame: HTMLElement) => /Content-Security-Policy" content="([^"]*)"/.exec(frame.getAttribute('srcdoc') ?? '')?.[1];

describe('a message body', () => {
  beforeEach(() => window.localStorage.clear());

  it('renders HTML in a sandbox without scripts whose policy blocks remote images until "Show images", remembered per sender', async () => {
    const html = '<p>Hello</p><img src="https://tracker.test/open.gif"><blockquote>Earlier mail</blockquote>';
    await renderInRemote(remoteTexts, <MessageBody html={html} text={null} sender="Ada@Acme.test" title="Pricing" />);

    const frame = await screen.findByTitle('Message: Pricing');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('allow-popups allow-popups-to-escape-sandbox');
    expect(frame.getAttribute('sandbox')).not.toMatch(/allow-scripts|allow-same-origin/);
    expect(policyOf(frame)).toContain('img-src data:;');
    // The quoted history is collapsed behind "…".
    expect(frame.getAttribute('srcdoc')).not.toContain('Earlier mail');
    fireEvent.click(screen.getByRole('button', { name: 'Show the quoted text' }));
    expect(screen.getByTitle('Message: Pricing').getAttribute('srcdoc')).toContain('Earlier mail');

    fireEvent.click(screen.getByRole('button', { name: 'Show images' }));
    expect(policyOf(screen.getByTitle('Message: Pricing'))).toContain('img-src data: https: http:');
    expect(screen.getByTitle('Message: Pricing').getAttribute('sandbox')).not.toMatch(/allow-scripts|allow-same-origin/);
    expect(screen.queryByRole('button', { name: 'Show images' })).not.toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(SHOW_IMAGES_KEY) ?? '[]')).toEqual(['ada@acme.test']);
  });

  it('shows plain text as text, with ">" lines collapsed', async () => {
    await renderInRemote(remoteTexts, <MessageBody html={null} text={'<b>Sure</b>\n> old line'} sender="ada@acme.test" title="Re" />);
    expect(await screen.findByText('<b>Sure</b>')).toBeInTheDocument();
    expect(screen.queryByText(/old line/)).not.toBeInTheDocument();
    expect(document.querySelector('iframe')).toBeNull();
  });
});
