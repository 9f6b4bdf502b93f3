import { Alert, Button, Flex, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CampaignCreationStep, CampaignLaunchIssue } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { stepOfIssue } from '../utils/wizard-steps';

export type LaunchChecksProps = {
  issues: readonly CampaignLaunchIssue[];
  /** Names of the accounts an issue may be about. */
  accountNames: ReadonlyMap<number, string>;
  onGoToStep(step: CampaignCreationStep): void;
};

/** The launch checks of document 1 §5, each with its message and a link to the step that fixes it. */
export function LaunchChecks({ issues, accountNames, onGoToStep }: LaunchChecksProps) {
  const { t } = useTranslation(NAMESPACE);
  if (issues.length === 0) return <Alert type="success" showIcon title={t('wizard.review.readyToLaunch')} data-testid="launch-ready" />;
  // One line per key and account: several variants of a block with the same issue say it once.
  const seen = new Set<string>();
  const unique = issues.filter((issue) => {
    const id = `${issue.key}:${issue.accountId ?? ''}:${issue.blockId ?? ''}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
  return (
    <List
      bordered
      size="small"
      data-testid="launch-issues"
      dataSource={unique}
      renderItem={(issue) => {
        const step = stepOfIssue(issue.key);
        const account = issue.accountId !== undefined ? accountNames.get(issue.accountId) : undefined;
        return (
          <List.Item data-testid="launch-issue" data-key={issue.key}>
            <Flex vertical style={{ flex: 1 }}>
              <Typography.Text type="danger" strong>
                {t(`errors:${issue.key}.title`)}
                {account ? ` — ${account}` : ''}
              </Typography.Text>
              <Typography.Text type="secondary">{t(`errors:${issue.key}.description`)}</Typography.Text>
            </Flex>
            <Button type="link" onClick={() => onGoToStep(step)}>
              {t('wizard.review.fixIn', { step: t(`wizard.steps.${step}`) })}
            </Button>
          </List.Item>
        );
      }}
    />
  );
}
