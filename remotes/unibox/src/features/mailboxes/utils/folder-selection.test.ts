import { EMPTY_VIEW } from '../../threads/utils/thread-filters';
import { linkedinKey, selectedFolder, viewForFolder } from './folder-selection';

describe('the left pane’s places as views', () => {
  it('chooses a mailbox, a folder or a LinkedIn account alone, keeping the other filters', () => {
    const filtered = { ...EMPTY_VIEW, text: 'pricing', campaignIds: [4], emailAccountIds: [3], folder: 'INBOX' };
    const linkedin = viewForFolder(filtered, linkedinKey(9));
    expect(linkedin).toEqual({ ...EMPTY_VIEW, text: 'pricing', campaignIds: [4], linkedinAccountIds: [9] });
    expect(selectedFolder(linkedin)).toBe('linkedin:9');
    expect(selectedFolder(viewForFolder(linkedin, 'folder:3:INBOX'))).toBe('folder:3:INBOX');
    expect(viewForFolder(linkedin, 'account:3')).toMatchObject({ emailAccountIds: [3], linkedinAccountIds: [] });
    expect(viewForFolder(linkedin, 'all')).toMatchObject({ emailAccountIds: [], linkedinAccountIds: [], isStarred: false });
  });

  it('shows "All" for a mix of mailboxes and LinkedIn accounts chosen in the filters', () => {
    expect(selectedFolder({ ...EMPTY_VIEW, emailAccountIds: [3], linkedinAccountIds: [9] })).toBe('all');
    expect(selectedFolder({ ...EMPTY_VIEW, trash: true, linkedinAccountIds: [9] })).toBe('trash');
  });
});
