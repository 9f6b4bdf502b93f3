import { exportCsv, listsAddProspectToList, listsMove, listsRemoveItems, tagsSave, updateCheckEmails } from '@leadforge/contracts';
import { withApiDouble } from '@leadforge/federation/testing/api-double';
import { initialTableState, withFilter } from '../utils/table-query';
import { exportProspects } from './export-prospects';
import { bulkBodies, bulkSubject } from './selection-ids';

const api = withApiDouble();

describe('bulk subjects of the prospects table', () => {
  const state = withFilter(initialTableState(7), { tags: [3], tagsFilter: 'all' });

  it('sends the ticked ids as before', () => {
    const subject = bulkSubject(state, { mode: 'ids', ids: [1, 2] });
    expect(subject).toEqual({ ids: [1, 2] });
    expect(listsMove.body.parse(bulkBodies.move(subject, 7, 8))).toMatchObject({ items: [1, 2], moveFrom: 7, moveTo: 8 });
    expect(listsAddProspectToList.body.parse(bulkBodies.copy(subject, 8))).toMatchObject({ itemId: [1, 2], listId: 8 });
    expect(listsRemoveItems.body.parse(bulkBodies.remove(subject, 7))).toMatchObject({ items: [1, 2], listId: 7, deleteRecipients: false });
    expect(tagsSave.body.parse(bulkBodies.tag(subject, ['hot']))).toMatchObject({ prospects: [1, 2] });
    expect(exportCsv.body.parse(bulkBodies.export(subject, 7))).toMatchObject({ listId: 7, ids: [1, 2] });
    expect(updateCheckEmails.body.parse(bulkBodies.verify(subject))).toMatchObject({ ids: [1, 2] });
  });

  it('sends "all matching" as the list, the filter and the unticked rows for the server to resolve', () => {
    const subject = bulkSubject(state, { mode: 'allMatching', excludedIds: [5] });
    const selection = { listId: 7, filterUserId: null, filter: state.filter, excludeIds: [5] };
    expect(subject).toEqual({ selection });
    // Every body is one the contracts accept, with the selection instead of ids.
    expect(listsMove.body.parse(bulkBodies.move(subject, 7, 8))).toMatchObject({ selection, moveFrom: 7 });
    expect(listsAddProspectToList.body.parse(bulkBodies.copy(subject, 8))).toMatchObject({ selection, listId: 8 });
    expect(tagsSave.body.parse(bulkBodies.tag(subject, ['hot']))).toMatchObject({ prospects: { selection } });
    expect(exportCsv.body.parse(bulkBodies.export(subject, 7))).toMatchObject({ selection });
    expect(updateCheckEmails.body.parse(bulkBodies.verify(subject))).toMatchObject({ selection });
    // From All contacts a delete removes the prospects themselves.
    const fromAll = bulkSubject(initialTableState(null), { mode: 'allMatching', excludedIds: [] });
    expect(listsRemoveItems.body.parse(bulkBodies.remove(fromAll, null))).toMatchObject({ deleteRecipients: true, selection: { listId: null } });
    expect(listsRemoveItems.body.parse(bulkBodies.remove(fromAll, null))).not.toHaveProperty('items');
  });

  it('exports a selection without marking the whole list downloaded', async () => {
    api().on('POST /prospects/export/csv', { text: 'name\nAda\n', contentType: 'text/csv' });
    const selection = { listId: 7, filter: state.filter, excludeIds: [] };
    await exportProspects(7, undefined, selection);
    expect(api().calls.filter((call) => call.path !== '/auth/csrf').map((call) => [call.method, call.path])).toEqual([['POST', '/prospects/export/csv']]);
    expect(api().callsTo('POST /prospects/export/csv')[0]?.body).toEqual({ listId: 7, selection });
  });
});
