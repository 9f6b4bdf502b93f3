import type { TFunction } from 'i18next';
import { MENU_SECTIONS } from '@leadforge/federation';
import { buildShellMenu, selectedMenuKey } from './shell-menu';

// The keys stand in for the texts: the menu is built from static data, whatever the translations.
const t = ((key: string) => key) as unknown as TFunction;

describe('main menu', () => {
  it('lists home, every area section in document order, then the account and shell pages', () => {
    const keys = buildShellMenu(t, { showRewards: false }).map((item) => item.key);
    expect(keys[0]).toBe('/home');
    expect(keys.filter((key) => key.startsWith('section:') && key !== 'section:account')).toEqual(
      MENU_SECTIONS.map((section) => `section:${section}`),
    );
    expect(keys.slice(-3)).toEqual(['section:account', '/request-feature', '/ui-components']);
    expect(keys).not.toContain('/rewards');
  });

  it('shows rewards only to accounts that take part', () => {
    expect(buildShellMenu(t, { showRewards: true }).map((item) => item.key)).toContain('/rewards');
  });

  it('marks the entry whose path is the longest prefix of the page', () => {
    const menu = buildShellMenu(t, { showRewards: true });
    expect(selectedMenuKey(menu, '/home')).toBe('/home');
    expect(selectedMenuKey(menu, '/account/team')).toBe('/account/team');
    expect(selectedMenuKey(menu, '/prospects/all/42')).toBe('/prospects/all');
    expect(selectedMenuKey(menu, '/nowhere')).toBeUndefined();
  });
});
