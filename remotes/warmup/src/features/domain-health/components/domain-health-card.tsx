import { Alert, Button, Card, Collapse, Flex, Tag, Typography } from 'antd';
import ReloadOutlined from '@ant-design/icons/es/icons/ReloadOutlined';
import { useTranslation } from 'react-i18next';
import { healthSeverity, type DomainCheck, type DomainHealth, type DomainHealthStatus } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';

export type DomainHealthCardProps = {
  item: DomainHealth;
  checking: boolean;
  onRecheck: (domain: string) => void;
};

/** antd's Tag colours for the severities of document 1 §4 (good → success, ok → warning, bad → error). */
const TAG_COLOR = { success: 'success', warning: 'warning', error: 'error' } as const;

export function HealthTag({ health }: { health: DomainHealthStatus | null }) {
  const { t } = useTranslation(NAMESPACE);
  if (health === null) return <Tag>{t('domainHealth.health.unchecked')}</Tag>;
  return (
    <Tag color={TAG_COLOR[healthSeverity(health)]} data-testid="health-tag">
      {t(`domainHealth.health.${health}`)}
    </Tag>
  );
}

function CheckBody({ check }: { check: DomainCheck }) {
  const { t } = useTranslation(NAMESPACE);
  const empty = !(check.kind === 'dmarc' && 'adkim' in check.details.params) && !check.fix && check.records.length === 0;
  if (empty) return <Typography.Text type="secondary">{t('domainHealth.nothingMore')}</Typography.Text>;
  return (
    <Flex vertical gap={8}>
      {check.kind === 'dmarc' && 'adkim' in check.details.params ? (
        <Typography.Text type="secondary">
          {t('domainHealth.dmarcAlignment', {
            adkim: t(`domainHealth.alignment.${String(check.details.params.adkim)}`),
            aspf: t(`domainHealth.alignment.${String(check.details.params.aspf)}`),
          })}{' '}
          {check.details.params.rua ? t('domainHealth.dmarcReports', { rua: check.details.params.rua }) : t('domainHealth.dmarcNoReports')}
        </Typography.Text>
      ) : null}
      {check.fix ? (
        <Alert
          type={healthSeverity(check.status) === 'error' ? 'error' : 'warning'}
          showIcon
          title={t('domainHealth.whatToDo')}
          description={t(`domainHealth.fixes.${check.fix.key}`, check.fix.params)}
        />
      ) : null}
      {check.records.length > 0 ? (
        <Flex vertical gap={2}>
          <Typography.Text type="secondary">{t('domainHealth.recordsFound')}</Typography.Text>
          {check.records.map((record) => (
            <Typography.Text key={record} code copyable style={{ wordBreak: 'break-all' }}>
              {record}
            </Typography.Text>
          ))}
        </Flex>
      ) : null}
    </Flex>
  );
}

/** One sending domain: its overall health, when it was checked, Re-check, and each check expandable with what was found and what to fix. */
export function DomainHealthCard({ item, checking, onRecheck }: DomainHealthCardProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Card
      data-testid="domain-health-card"
      data-domain={item.domain}
      title={
        <Flex gap={8} align="center" wrap>
          <Typography.Title level={2} style={{ fontSize: 18, margin: 0 }}>
            {item.domain}
          </Typography.Title>
          <HealthTag health={item.health} />
        </Flex>
      }
      extra={
        <Button icon={<ReloadOutlined aria-hidden />} loading={checking} onClick={() => onRecheck(item.domain)} aria-label={t('domainHealth.recheckDomain', { domain: item.domain })}>
          {checking ? t('domainHealth.checking') : t('domainHealth.recheck')}
        </Button>
      }
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          {item.checkedAt ? t('domainHealth.checkedAt', { date: dateFormat.format(new Date(item.checkedAt)) }) : t('domainHealth.neverChecked')}
          {' · '}
          {t('domainHealth.mailboxes', { count: item.mailboxes.length, list: item.mailboxes.join(', ') })}
        </Typography.Text>
        {item.checks.length > 0 ? (
          <Collapse
            items={item.checks.map((check) => ({
              key: check.kind,
              label: (
                <Flex gap={8} align="center" wrap>
                  <strong>{t(`domainHealth.kinds.${check.kind}`)}</strong>
                  <HealthTag health={check.status} />
                  <Typography.Text type="secondary">{t(`domainHealth.findings.${check.details.key}`, check.details.params)}</Typography.Text>
                </Flex>
              ),
              children: <CheckBody check={check} />,
            }))}
          />
        ) : null}
      </Flex>
    </Card>
  );
}
