/**
 * The route suite every remote runs against its own `./routes` module: each screen URL renders
 * its frame (title, what is coming, document title), an unknown path of the area goes back to the
 * root, another locale renders from the remote's namespace, and the remote's translations are
 * complete. Texts come through the module's own `loadLocale`, as the host loads them.
 * A remote whose screens are real (they fetch, they hold tables) proves those in Playwright
 * instead and runs only the two parts that render nothing: `describeRouteMarks` and
 * `describeRemoteTranslations`. Only test files import this module.
 */
import { screen } from '@testing-library/react';
import { LOCALES, type Locale } from '@leadforge/contracts';
import {
  assertCompleteLocales,
  shareIdenticalToEnglish,
  unwrapResource,
  type I18nInstance,
  type ResourceTree,
} from '@leadforge/i18n';
import type { RemoteModule, RemoteRouteHandle } from '../remote-module';
import { isPublicRemotePath } from '../remote-areas';
import { ROOT_MARKER, createRemoteTestI18n, renderRemoteAt } from './render-remote';

export interface RemoteRouteSuiteOptions {
  /** A URL of every screen of the area and the `pages.<key>` it must show; the first also renders in Ukrainian. */
  screens: ReadonlyArray<readonly [path: string, pageKey: string]>;
  /** A path under one of the area's prefixes that no route matches. */
  unknownPath: string;
  /** The area owns public utility routes (document 1 §2), shown signed out too. */
  publicRoutes?: boolean;
}

type PageTexts = { title: string; coming: string };

function pageTexts(tree: ResourceTree | undefined, key: string): PageTexts {
  const page = (tree?.pages as ResourceTree | undefined)?.[key];
  if (!page || typeof page !== 'object' || typeof page.title !== 'string' || typeof page.coming !== 'string') {
    throw new Error(`pages.${key} has no title and coming text`);
  }
  return { title: page.title, coming: page.coming };
}

/** Defines the suite for `module` in the calling test file. */
export function describeRemoteRoutes(
  module: RemoteModule,
  { screens, unknownPath, publicRoutes = false }: RemoteRouteSuiteOptions,
): void {
  const texts: Partial<Record<Locale, ResourceTree>> = {};
  beforeAll(async () => {
    for (const locale of LOCALES) texts[locale] = unwrapResource(await module.loadLocale[locale]());
  });

  describe(`${module.namespace} route tree`, () => {
    let i18n: I18nInstance;
    beforeAll(async () => {
      i18n = await createRemoteTestI18n(module);
    });

    it.each(screens)('%s shows the %s frame and says plainly what is coming', async (path, key) => {
      const page = pageTexts(texts.en, key);
      renderRemoteAt(module, path, i18n);
      expect(await screen.findByRole('heading', { level: 1, name: page.title })).toBeInTheDocument();
      expect(screen.getByText(page.coming)).toBeInTheDocument();
      expect(document.title).toBe(`${page.title} · Leadforge`);
    });

    it('sends an unknown path of the area back to the root', async () => {
      renderRemoteAt(module, unknownPath, i18n);
      expect(await screen.findByText(ROOT_MARKER)).toBeInTheDocument();
    });

    it('renders in another locale from the remote namespace', async () => {
      const ukrainian = await createRemoteTestI18n(module, 'uk');
      const [path, key] = screens[0]!;
      renderRemoteAt(module, path, ukrainian);
      expect(await screen.findByRole('heading', { level: 1, name: pageTexts(texts.uk, key).title })).toBeInTheDocument();
    });
  });

  describeRouteMarks(module, { publicRoutes });
  describeRemoteTranslations(module);
}

/** Public utility routes (document 1 §2) are marked so, and no other route is. */
export function describeRouteMarks(
  module: RemoteModule,
  { publicRoutes = false }: Pick<RemoteRouteSuiteOptions, 'publicRoutes'> = {},
): void {
  describe(`${module.namespace} route marks`, () => {
    const publicPaths = () =>
      module.routes.filter((route) => (route.handle as RemoteRouteHandle | undefined)?.public).map((route) => route.path);
    if (publicRoutes) {
      it('marks the public utility routes for the unauthenticated area', () => {
        expect(publicPaths().length).toBeGreaterThan(0);
        for (const path of publicPaths()) expect(isPublicRemotePath(path!.replace(/\/:\w+\?$/, ''))).toBe(true);
      });
    } else {
      it('marks no route public', () => {
        expect(publicPaths()).toEqual([]);
      });
    }
  });
}

/** Every key of the remote's namespace in every locale, and translated rather than copied. */
export function describeRemoteTranslations(module: RemoteModule): void {
  const texts: Partial<Record<Locale, ResourceTree>> = {};
  beforeAll(async () => {
    for (const locale of LOCALES) texts[locale] = unwrapResource(await module.loadLocale[locale]());
  });

  describe(`${module.namespace} translations`, () => {
    const resources = () =>
      Object.fromEntries(LOCALES.map((locale) => [locale, { [module.namespace]: texts[locale] }])) as Record<
        Locale,
        Record<string, unknown>
      >;

    it('has every key in every locale', () => {
      expect(() => assertCompleteLocales(resources())).not.toThrow();
    });

    it('is translated, not copied from English (brand and product names aside)', () => {
      for (const locale of LOCALES.filter((other) => other !== 'en'))
        expect(shareIdenticalToEnglish(resources(), locale)).toBeLessThan(0.5);
    });
  });
}
