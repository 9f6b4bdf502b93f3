/** A `KeyValueStorage` in memory, for tests that must not share the jsdom storages. Only tests import it. */
import type { KeyValueStorage } from '../browser';

export class MemoryStorage implements KeyValueStorage {
  private readonly values = new Map<string, string>();
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
}
