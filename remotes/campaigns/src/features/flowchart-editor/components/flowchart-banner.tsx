import { memo } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FlowchartIssue } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';

export type FlowchartBannerProps = {
  /** Issues about the flowchart as a whole (no block to draw them on). */
  issues: readonly FlowchartIssue[];
  /** How many blocks carry issues of their own, drawn on them. */
  blocksWithIssues: number;
};

/** What blocks launch, above the canvas: whole-flowchart issues, and how many blocks need attention. */
export function FlowchartBanner({ issues, blocksWithIssues }: FlowchartBannerProps) {
  const { t } = useTranslation(NAMESPACE);
  if (issues.length === 0 && blocksWithIssues === 0) {
    return <Alert type="success" showIcon title={t('editor.banner.ready')} />;
  }
  return (
    <Alert
      type={issues.length > 0 ? 'error' : 'warning'}
      showIcon
      title={issues.length > 0 ? t(`errors:${issues[0]?.key}.title`) : t('editor.banner.blocksNeedAttention', { blocks: blocksWithIssues })}
      description={
        issues.length > 0 ? (
          <>
            {issues.map((issue) => (
              <div key={issue.key}>{t(`errors:${issue.key}.description`)}</div>
            ))}
            {blocksWithIssues > 0 ? <div>{t('editor.banner.blocksNeedAttention', { blocks: blocksWithIssues })}</div> : null}
          </>
        ) : undefined
      }
    />
  );
}

/** The canvas re-renders on every drag frame; this part only when its own props change. */
export const FlowchartBannerMemo = memo(FlowchartBanner);
