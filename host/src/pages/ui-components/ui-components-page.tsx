import { useState } from 'react';
import HomeOutlined from '@ant-design/icons/es/icons/HomeOutlined';
import SearchOutlined from '@ant-design/icons/es/icons/SearchOutlined';
import { ProCard } from '@ant-design/pro-components';
import { Button, Flex, Layout } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@leadforge/api-client';
import type { Locale } from '@leadforge/contracts';
import {
  AppHeader,
  AreaComingSoon,
  ConnectionStatus,
  EmptyState,
  ErrorState,
  LoadingState,
  LocaleSwitcher,
  PageHeader,
  SidebarMenu,
  UserMenu,
  useApiErrorModal,
  useToast,
} from '@leadforge/ui';

/**
 * /ui-components: every piece of @leadforge/ui as it looks in this theme and language. The
 * examples act on nothing: buttons open toasts and modals, menus only report their choice.
 */
export function UiComponentsPage() {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useApiErrorModal();
  const [locale, setLocale] = useState<Locale>('en');
  const [picked, setPicked] = useState<string | null>(null);

  // Sample failures for the §8 modal: with a server list, with raw text only, with nothing.
  const withList = new ApiError({
    kind: 'http',
    routeId: 'showcase.sample',
    status: 422,
    errors: [{ key: 'field_invalid', title: t('shell:showcase.sampleErrorTitle'), description: t('shell:showcase.sampleErrorText') }],
    rawText: '',
  });
  const rawOnly = new ApiError({ kind: 'http', routeId: 'showcase.sample', status: 502, errors: [], rawText: t('shell:showcase.sampleRawText') });
  const nothing = new ApiError({ kind: 'network', routeId: 'showcase.sample', status: 0, errors: [], rawText: '' });

  const sampleMenu = [
    { key: '/home', label: t('shell:routes.home'), icon: <HomeOutlined aria-hidden />, path: '/home' },
    {
      key: 'section',
      label: t('shell:showcase.section'),
      icon: <SearchOutlined aria-hidden />,
      children: [{ key: '/example', label: t('shell:showcase.entry'), path: '/example' }],
    },
  ];

  return (
    <Flex vertical gap={16}>
      <PageHeader
        title={t('shell:routes.uiComponents')}
        subtitle={t('shell:showcase.subtitle')}
        onBack={() => setPicked('back')}
        extra={<Button>{t('shell:showcase.extra')}</Button>}
      />
      <ProCard title={t('shell:showcase.toasts')} variant="outlined">
        <Flex gap={8} wrap>
          <Button onClick={() => toast.success(t('shell:showcase.toastSuccess'))}>{t('shell:showcase.success')}</Button>
          <Button onClick={() => toast.info(t('shell:showcase.toastInfo'))}>{t('shell:showcase.info')}</Button>
          <Button onClick={() => toast.warning(t('shell:showcase.toastWarning'))}>{t('shell:showcase.warning')}</Button>
          <Button danger onClick={() => toast.error(t('shell:showcase.toastError'))}>
            {t('shell:showcase.error')}
          </Button>
        </Flex>
      </ProCard>
      <ProCard title={t('shell:showcase.errorModal')} variant="outlined">
        <Flex gap={8} wrap>
          <Button onClick={() => showError(withList)}>{t('shell:showcase.modalWithList')}</Button>
          <Button onClick={() => showError(rawOnly)}>{t('shell:showcase.modalRawText')}</Button>
          <Button onClick={() => showError(nothing)}>{t('shell:showcase.modalNothing')}</Button>
        </Flex>
      </ProCard>
      <ProCard title={t('shell:showcase.states')} variant="outlined" split="vertical">
        <ProCard title="LoadingState">
          <LoadingState />
        </ProCard>
        <ProCard title="EmptyState">
          <EmptyState description={t('shell:showcase.emptyText')} action={<Button type="primary">{t('shell:showcase.emptyAction')}</Button>} />
        </ProCard>
        <ProCard title="ErrorState">
          <ErrorState error={withList} onRetry={() => setPicked('retry')} />
        </ProCard>
      </ProCard>
      <ProCard title="AreaComingSoon" variant="outlined">
        <AreaComingSoon area={t('shell:showcase.sampleArea')} issue={7} />
      </ProCard>
      <ProCard title={t('shell:showcase.layout')} variant="outlined">
        <Flex vertical gap={16}>
          <Layout style={{ minHeight: 200 }}>
            <SidebarMenu items={sampleMenu} selectedKey="/home" onNavigate={(path) => setPicked(path)} />
            <Layout>
              <Layout.Header>
                <AppHeader
                  start={<span>{t('shell:showcase.headerStart')}</span>}
                  end={
                    <>
                      <ConnectionStatus status="online" />
                      <ConnectionStatus status="connecting" />
                      <ConnectionStatus status="offline" />
                      <LocaleSwitcher value={locale} onChange={setLocale} />
                      <UserMenu
                        name={t('shell:showcase.sampleName')}
                        email="ada@example.com"
                        items={[{ key: 'profile', label: t('shell:header.profile') }]}
                        onSelect={setPicked}
                      />
                    </>
                  }
                />
              </Layout.Header>
            </Layout>
          </Layout>
          {picked ? <span role="status">{t('shell:showcase.picked', { value: picked })}</span> : null}
        </Flex>
      </ProCard>
    </Flex>
  );
}
