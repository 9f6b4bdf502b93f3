/** Custom fields of prospects and their groups (document 1 §5): the caller's own, named uniquely. */
import type { CustomFieldType } from '@leadforge/contracts';
import type { Db } from '../../../db/types';
import { DomainError } from '../../../http/domain-error';
import { scopeOf, type Caller, type Scope } from '../../account/caller';
import { cleanText } from '../normalise';
import * as repo from './repository';

type FieldInput = { name: string; type: CustomFieldType; position?: number | undefined; groupId?: number | null | undefined };

function fieldOut(f: { id: number; name: string; type: string; position: number; groupId: number | null }) {
  return { id: f.id, name: f.name, type: f.type as CustomFieldType, position: f.position, groupId: f.groupId };
}

export class CustomFieldsService {
  constructor(private readonly db: Db) {}

  async fieldGroups(caller: Caller) {
    return this.groupsOf(scopeOf(caller));
  }

  private async groupsOf(scope: Scope) {
    const [groups, fields] = await Promise.all([repo.fieldGroupsOf(this.db, scope), repo.fieldsOf(this.db, scope, [scope.userId])]);
    return {
      groups: groups.map((g) => ({ id: g.id, name: g.name, position: g.position, fields: fields.filter((f) => f.groupId === g.id).map(fieldOut) })),
      ungrouped: fields.filter((f) => f.groupId === null).map(fieldOut),
    };
  }

  async saveGroup(caller: Caller, input: { id?: number | undefined; name: string; position?: number | undefined }) {
    const scope = scopeOf(caller);
    const name = cleanText(input.name) ?? input.name.trim();
    let id: number;
    if (input.id) {
      const group = await repo.groupById(this.db, scope, input.id);
      if (!group) throw new DomainError('not_found');
      await repo.updateGroup(this.db, scope, group.id, { name, ...(input.position !== undefined ? { position: input.position } : {}) });
      id = group.id;
    } else {
      const groups = await repo.fieldGroupsOf(this.db, scope);
      id = (await repo.insertGroup(this.db, scope, { name, position: input.position ?? groups.length })).id;
    }
    const { groups } = await this.groupsOf(scope);
    return groups.find((group) => group.id === id)!;
  }

  async deleteGroup(caller: Caller, id: number) {
    const scope = scopeOf(caller);
    if (!(await repo.groupById(this.db, scope, id))) throw new DomainError('not_found');
    await repo.deleteGroup(this.db, scope, id);
    return { ok: true as const };
  }

  async createField(caller: Caller, input: FieldInput) {
    const scope = scopeOf(caller);
    const name = cleanText(input.name) ?? input.name.trim();
    if (await repo.fieldNameTaken(this.db, scope, name, null)) throw new DomainError('conflict', { field: 'name' });
    if (input.groupId && !(await repo.groupById(this.db, scope, input.groupId))) throw new DomainError('not_found');
    const existing = await repo.fieldsOf(this.db, scope, [scope.userId]);
    return fieldOut(await repo.insertField(this.db, scope, { name, type: input.type, position: input.position ?? existing.length, groupId: input.groupId ?? null }));
  }

  async updateField(caller: Caller, id: number, input: Partial<FieldInput>) {
    const scope = scopeOf(caller);
    const field = await repo.fieldById(this.db, scope, id);
    if (!field) throw new DomainError('not_found');
    const name = input.name !== undefined ? (cleanText(input.name) ?? input.name.trim()) : undefined;
    if (name && (await repo.fieldNameTaken(this.db, scope, name, id))) throw new DomainError('conflict', { field: 'name' });
    if (input.groupId && !(await repo.groupById(this.db, scope, input.groupId))) throw new DomainError('not_found');
    const row = await repo.updateField(this.db, scope, id, {
      ...(name !== undefined ? { name } : {}),
      ...(input.type !== undefined ? { type: input.type } : {}),
      ...(input.position !== undefined ? { position: input.position } : {}),
      ...(input.groupId !== undefined ? { groupId: input.groupId } : {}),
    });
    if (!row) throw new DomainError('not_found');
    return fieldOut(row);
  }

  async deleteField(caller: Caller, id: number) {
    const scope = scopeOf(caller);
    if (!(await repo.fieldById(this.db, scope, id))) throw new DomainError('not_found');
    await repo.deleteField(this.db, scope, id);
    return { ok: true as const };
  }
}
