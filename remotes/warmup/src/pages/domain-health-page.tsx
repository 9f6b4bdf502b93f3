import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState, useApiErrorModal, useToast } from '@leadforge/ui';
import { Screen } from '../components/screen';
import { NAMESPACE } from '../i18n';
import { useCheckDomainHealth } from '../features/domain-health/api/check-domain-health';
import { useListDomainHealth } from '../features/domain-health/api/list-domain-health';
import { DomainHealthCard } from '../features/domain-health/components/domain-health-card';
import { useDomainHealthPushes } from '../features/domain-health/hooks/use-domain-health-pushes';

/**
 * /deliverability/domain-health: every domain the caller sends from, with its MX, SPF, DKIM,
 * DMARC, reverse DNS and blocklist checks; re-checked on demand here and daily by the server,
 * whose `domain.healthChecked` push refreshes the list.
 */
export function DomainHealthPage() {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const showError = useApiErrorModal();
  const list = useListDomainHealth();
  const check = useCheckDomainHealth();
  useDomainHealthPushes();

  const checkingDomain = check.isPending ? (check.variables?.body.domain ?? null) : null;
  const handleRecheck = (domain: string) =>
    check.mutate(
      { body: { domain } },
      {
        onSuccess: ({ item }) => toast.success(t('domainHealth.checkedToast', { domain: item.domain, health: t(`domainHealth.health.${item.health ?? 'ok'}`) })),
        onError: (error) => showError(error),
      },
    );

  let content;
  if (list.isPending) {
    content = <LoadingState label={t('domainHealth.loading')} />;
  } else if (list.isError) {
    content = <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
  } else if (list.data.items.length === 0) {
    content = (
      <EmptyState
        title={t('domainHealth.empty.title')}
        description={t('domainHealth.empty.description')}
        action={<Link to="/account/email-accounts">{t('domainHealth.empty.action')}</Link>}
      />
    );
  } else {
    content = (
      <Flex vertical gap={16}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('domainHealth.intro')}
        </Typography.Paragraph>
        {list.data.items.map((item) => (
          <DomainHealthCard key={item.domain} item={item} checking={checkingDomain === item.domain} onRecheck={handleRecheck} />
        ))}
      </Flex>
    );
  }

  return <Screen pageKey="domainHealth">{content}</Screen>;
}
