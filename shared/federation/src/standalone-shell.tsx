import { StrictMode, Suspense, use, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { BrowserRouter, Link } from 'react-router-dom';
import { Card, Flex, List, Typography } from 'antd';
import { createQueryClient } from '@leadforge/api-client';
import { i18n, registerNamespace } from '@leadforge/i18n';
import { LoadingState, UiProvider } from '@leadforge/ui';
import { FEDERATION_NAMESPACE, federationLocaleLoaders } from './i18n';
import { REMOTE_AREAS } from './remote-areas';
import type { RemoteModule } from './remote-module';
import type { RemoteName } from './remote-names';
import { RemoteRoutesView } from './remote-routes';

const registrations = new Map<string, Promise<void>>();

/** Registers a namespace once per page; `use()` needs the very same promise on every render. */
function namespaceReady(namespace: string, loaders: RemoteModule['loadLocale']): Promise<void> {
  let pending = registrations.get(namespace);
  if (!pending) {
    pending = Promise.resolve(registerNamespace(namespace, loaders));
    registrations.set(namespace, pending);
  }
  return pending;
}

function NamespacesReady({ module, children }: { module: RemoteModule; children: ReactNode }) {
  use(namespaceReady(FEDERATION_NAMESPACE, federationLocaleLoaders));
  use(namespaceReady(module.namespace, module.loadLocale));
  return <>{children}</>;
}

/** `/` of a standalone remote: its entry points, since the shell's home is not part of it. */
function StandaloneIndex({ remote }: { remote: RemoteName }) {
  const { t } = useTranslation(FEDERATION_NAMESPACE);
  const area = REMOTE_AREAS[remote];
  return (
    <Flex justify="center" style={{ padding: 32 }}>
      <Card style={{ maxWidth: 720, width: '100%' }}>
        <Typography.Title level={3}>{t('standalone.title', { area: t(area.titleKey) })}</Typography.Title>
        <Typography.Paragraph>{t('standalone.description')}</Typography.Paragraph>
        <List
          dataSource={[...area.menu]}
          renderItem={(item) => (
            <List.Item>
              <Link to={item.path}>{t(item.labelKey)}</Link>
            </List.Item>
          )}
        />
      </Card>
    </Flex>
  );
}

export type StandaloneShellProps = {
  remote: RemoteName;
  module: RemoteModule;
};

/**
 * A remote running alone on its dev server, inside the same providers the host gives it
 * (react-query client, i18n instance, antd ConfigProvider + App, router, jotai's default store),
 * talking to the API through the dev server proxy.
 */
export function StandaloneShell({ remote, module }: StandaloneShellProps) {
  const [queryClient] = useState(() => createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <UiProvider>
          <BrowserRouter>
            <Suspense fallback={<LoadingState fullscreen />}>
              <NamespacesReady module={module}>
                <main style={{ padding: 24 }}>
                  <RemoteRoutesView module={module} noMatch={<StandaloneIndex remote={remote} />} />
                </main>
              </NamespacesReady>
            </Suspense>
          </BrowserRouter>
        </UiProvider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}

/** What a remote's `src/bootstrap.tsx` calls. */
export function mountStandalone(remote: RemoteName, module: RemoteModule, container = document.getElementById('root')): void {
  if (!container) throw new Error('the standalone page has no #root element');
  createRoot(container).render(
    <StrictMode>
      <StandaloneShell remote={remote} module={module} />
    </StrictMode>,
  );
}
