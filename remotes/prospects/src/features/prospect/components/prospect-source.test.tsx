import { screen } from '@testing-library/react';
import { renderInRemote } from '@leadforge/federation/testing/render-remote';
import { remoteTexts } from '../../../i18n';
import { ProspectSource } from './prospect-source';

describe('ProspectSource', () => {
  it('warns that a sandbox-network prospect is sample data, not a real person', async () => {
    await renderInRemote(remoteTexts, <ProspectSource source="sandbox_network" />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Sample data from the offline sandbox network');
    expect(screen.getByText(/Sandbox network \(sample data\)/)).toBeInTheDocument();
  });

  it('names a real source without a warning', async () => {
    await renderInRemote(remoteTexts, <ProspectSource source="import" />);
    expect(await screen.findByText(/CSV import/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
