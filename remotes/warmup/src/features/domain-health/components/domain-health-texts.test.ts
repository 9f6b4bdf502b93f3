import { DOMAIN_CHECK_FINDINGS, DOMAIN_CHECK_FIXES, DOMAIN_CHECK_KINDS, DOMAIN_HEALTH_STATUSES } from '@leadforge/contracts';
import en from '../../../locales/en.json';

// The server answers findings and fixes as keys of the contract; each one needs a text on screen
// (the route suite then checks every locale has the same keys as English).
describe('domain health texts', () => {
  const texts = en.domainHealth as unknown as Record<string, Record<string, string>>;

  it('has a sentence for every finding and fix the server can answer', () => {
    for (const key of DOMAIN_CHECK_FINDINGS) expect(texts.findings?.[key]).toEqual(expect.any(String));
    for (const key of DOMAIN_CHECK_FIXES) expect(texts.fixes?.[key]).toEqual(expect.any(String));
  });

  it('names every check and every health', () => {
    for (const kind of DOMAIN_CHECK_KINDS) expect(texts.kinds?.[kind]).toEqual(expect.any(String));
    for (const health of DOMAIN_HEALTH_STATUSES) expect(texts.health?.[health]).toEqual(expect.any(String));
  });
});
