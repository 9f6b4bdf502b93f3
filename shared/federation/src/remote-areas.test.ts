import { REMOTE_NAMES } from './remote-names';
import { REMOTE_AREAS, findRemoteForPath, isPublicRemotePath, menuEntries } from './remote-areas';
import en from './locales/en.json';

describe('route ownership', () => {
  it.each([
    ['/url-emails', 'finder_verifier'],
    ['/plugin/history/12', 'finder_verifier'],
    ['/plugin/history-best-company/12', 'finder_verifier'],
    ['/extensions/gmail-email-tracker', 'finder_verifier'],
    ['/prospect', 'prospects'],
    ['/prospects/list/3', 'prospects'],
    ['/campaigns/templates', 'campaigns'],
    ['/email-unsubscribe/abc', 'campaigns'],
    ['/unibox', 'unibox'],
    ['/deliverability/warm-up/7', 'warmup'],
    ['/account/email-accounts/setup', 'warmup'],
    ['/enrichment/table/5', 'enrichment'],
    ['/studio/create', 'studio'],
    ['/crm/funnels', 'crm'],
    ['/account/billing', 'infra_billing'],
    ['/pricing-plans/charging', 'infra_billing'],
    ['/infrastructure/orders', 'infra_billing'],
  ])('%s belongs to %s', (path, remote) => {
    expect(findRemoteForPath(path)).toBe(remote);
  });

  it.each(['/', '/home', '/account/profile', '/account/team', '/prospectsx', '/login', '/warm-up/3'])('%s stays with the host', (path) => {
    expect(findRemoteForPath(path)).toBeNull();
  });

  it('marks only the public utility routes as public', () => {
    expect(isPublicRemotePath('/clear-email/a@b.c')).toBe(true);
    expect(isPublicRemotePath('/uninstall/email-finder')).toBe(true);
    expect(isPublicRemotePath('/thanks-install-li-finder')).toBe(true);
    expect(isPublicRemotePath('/email-unsubscribe')).toBe(true);
    expect(isPublicRemotePath('/url-emails')).toBe(false);
  });

  it('gives every menu entry a path its remote owns and a translated label', () => {
    for (const remote of REMOTE_NAMES) {
      for (const item of REMOTE_AREAS[remote].menu) expect(findRemoteForPath(item.path)).toBe(remote);
    }
    const labels = en.menu as Record<string, string>;
    for (const item of menuEntries()) expect(labels[item.key]).toEqual(expect.any(String));
    expect(menuEntries()[0]?.section).toBe('finder');
  });
});
