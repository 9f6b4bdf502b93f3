import { clearedViewParams, readThreadView, threadGroupsBody, threadViewParams } from './thread-filters';

describe('the thread list view in the URL', () => {
  it('reads every filter back from a shared link and sends them, combined, in the call body', () => {
    const view = readThreadView(new URLSearchParams('text=+acme+&emailAccountIds=3,x,3,4&linkedinAccountIds=5&campaignIds=9&leads=1&isStarred=1&folder=INBOX&trash=0'));
    expect(view).toEqual({ text: 'acme', emailAccountIds: [3, 4], linkedinAccountIds: [5], campaignIds: [9], leads: true, isStarred: true, folder: 'INBOX', trash: false });
    expect(threadGroupsBody(view, 12)).toEqual({
      forUserId: 12,
      text: 'acme',
      emailAccountIds: [3, 4],
      linkedinAccountIds: [5],
      campaignIds: [9],
      leads: true,
      isStarred: true,
      directory: 'INBOX',
      pageSize: 20,
    });
  });

  it('leaves defaults out of the address and the body', () => {
    const empty = readThreadView(new URLSearchParams(''));
    expect(threadGroupsBody(empty, undefined)).toEqual({ pageSize: 20 });
    expect(Object.values(threadViewParams(empty)).every((value) => value === undefined)).toBe(true);
    expect(threadViewParams({ ...empty, trash: true, campaignIds: [1, 2] })).toMatchObject({ trash: 1, campaignIds: '1,2' });
    expect(Object.keys(clearedViewParams())).toEqual(['text', 'emailAccountIds', 'linkedinAccountIds', 'campaignIds', 'leads', 'isStarred', 'folder', 'trash']);
  });
});
