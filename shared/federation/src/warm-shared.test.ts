/**
 * @jest-environment node
 */
import { init } from '@module-federation/runtime';
import { warmShared } from './runtime';

describe('warmShared', () => {
  it('loads and evaluates what the host provides but has not loaded, and leaves loaded copies alone', async () => {
    const evaluated: string[] = [];
    const provided = (name: string) => ({
      version: '1.0.0',
      get: () => Promise.resolve(() => (evaluated.push(name), { name })),
      shareConfig: { singleton: true, requiredVersion: '^1.0.0' },
    });
    const instance = init({
      name: 'host',
      remotes: [],
      shared: { antd: provided('antd'), '@leadforge/ui': provided('@leadforge/ui'), react: { ...provided('react'), lib: () => ({}) } },
    });
    await Promise.all(instance.initializeSharing('default'));
    await warmShared();
    expect(evaluated.sort()).toEqual(['@leadforge/ui', 'antd']);
    expect(instance.shareScopeMap.default!.antd!['1.0.0']!.loaded).toBe(true);
    // A second call finds nothing left to do.
    await warmShared();
    expect(evaluated).toHaveLength(2);
  });
});
