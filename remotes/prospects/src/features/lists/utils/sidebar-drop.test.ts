import { dropCommand, folderDragId, listDragId, parseDragId, UNFILED_DROP_ID } from './sidebar-drop';

describe('dropping in the lists sidebar', () => {
  const folders = [7, 3, 9];

  it('puts a folder dropped on another at that folder’s position', () => {
    expect(dropCommand(folderDragId(9), folderDragId(7), folders)).toEqual({ kind: 'moveFolder', folderId: 9, position: 0 });
    expect(dropCommand(folderDragId(7), folderDragId(9), folders)).toEqual({ kind: 'moveFolder', folderId: 7, position: 2 });
  });

  it('files a list dropped on a folder into it', () => {
    expect(dropCommand(listDragId(42, null), folderDragId(3), folders)).toEqual({ kind: 'moveList', listId: 42, folderId: 3 });
    expect(dropCommand(listDragId(42, 7), folderDragId(3), folders)).toEqual({ kind: 'moveList', listId: 42, folderId: 3 });
  });

  it('takes a list dropped on the no-folder zone out of its folder', () => {
    expect(dropCommand(listDragId(42, 7), UNFILED_DROP_ID, folders)).toEqual({ kind: 'moveList', listId: 42, folderId: null });
  });

  it('does nothing for a drop that changes nothing', () => {
    expect(dropCommand(folderDragId(3), folderDragId(3), folders)).toBeNull();
    expect(dropCommand(listDragId(42, 3), folderDragId(3), folders)).toBeNull();
    expect(dropCommand(listDragId(42, null), UNFILED_DROP_ID, folders)).toBeNull();
    expect(dropCommand(folderDragId(3), null, folders)).toBeNull();
    expect(dropCommand(folderDragId(3), listDragId(42, null), folders)).toBeNull();
    expect(dropCommand(folderDragId(3), folderDragId(99), folders)).toBeNull();
  });

  it('reads the drag ids back', () => {
    expect(parseDragId(listDragId(5, 2))).toEqual({ kind: 'list', listId: 5, fromFolderId: 2 });
    expect(parseDragId(listDragId(5, null))).toEqual({ kind: 'list', listId: 5, fromFolderId: null });
    expect(parseDragId('something:else')).toBeNull();
  });
});
