import type { ListFolder, ProspectList } from '@leadforge/contracts';
import { filterByOwner, groupLists, reorderFolders } from './group-lists';

const folder = (id: number, position: number): ListFolder => ({ id, name: `Folder ${id}`, position });
const list = (id: number, name: string, userId: number, folders: number[] = []): ProspectList => ({ id, name, contacts: 0, userId, folders });

describe('lists sidebar tree', () => {
  it('puts lists in their folders by folder position and keeps the rest unfiled', () => {
    const tree = groupLists([folder(2, 1), folder(1, 0)], [list(1, 'b', 1, [1]), list(2, 'a', 1, [1]), list(3, 'c', 1), list(4, 'd', 1, [99])]);
    expect(tree.folders.map((node) => node.folder.id)).toEqual([1, 2]);
    expect(tree.folders[0]?.lists.map((item) => item.name)).toEqual(['a', 'b']);
    expect(tree.unfiled.map((item) => item.id)).toEqual([3, 4]);
  });

  it('ignores ids a folder holds of lists it does not know (company lists share the folders)', () => {
    // Folder 1 holds prospect list 1 and company list 50; folder 2 holds only company list 51.
    const folders = [{ ...folder(1, 0), lists: [1, 50] }, { ...folder(2, 1), lists: [51] }];
    const tree = groupLists(folders, [list(1, 'a', 1), list(2, 'b', 1)]);
    expect(tree.folders.map((node) => [node.folder.id, node.lists.map((item) => item.id)])).toEqual([
      [1, [1]],
      [2, []],
    ]);
    expect(tree.unfiled.map((item) => item.id)).toEqual([2]);
  });

  it('groups any kind of list by its folders, such as company lists under their names', () => {
    const companyLists = [{ id: 50, name: 'Fintech', folders: [2] }, { id: 51, name: 'Robotics', folders: [] }];
    const tree = groupLists([{ ...folder(2, 0), lists: [50, 3] }], companyLists);
    expect(tree.folders[0]?.lists.map((item) => item.name)).toEqual(['Fintech']);
    expect(tree.unfiled.map((item) => item.name)).toEqual(['Robotics']);
  });

  it("shows only the user's own lists under the 'me' filter", () => {
    const lists = [list(1, 'mine', 5), list(2, 'theirs', 6)];
    expect(filterByOwner(lists, 'me', 5).map((item) => item.id)).toEqual([1]);
    expect(filterByOwner(lists, 'all', 5)).toHaveLength(2);
  });

  it('renumbers folder positions after a move', () => {
    expect(reorderFolders([folder(1, 0), folder(2, 1), folder(3, 2)], 2, 0).map((item) => [item.id, item.position])).toEqual([
      [3, 0],
      [1, 1],
      [2, 2],
    ]);
  });
});
