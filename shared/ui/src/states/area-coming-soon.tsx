import type { ReactNode } from 'react';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

export type AreaComingSoonProps = {
  /** The area's name as the user knows it (already translated), e.g. "Campaigns". */
  area: string;
  /** The open issue that will deliver the area (named whenever it is known). */
  issue?: number | string;
  extra?: ReactNode;
};

/**
 * The honest placeholder for an area whose own issue is still open: it names the area and its
 * issue and does not pretend anything works.
 */
export function AreaComingSoon({ area, issue, extra }: AreaComingSoonProps) {
  const { t } = useTranslation();
  return (
    <Result
      status="info"
      title={t('common:comingSoon.title', { area })}
      subTitle={
        issue === undefined
          ? t('common:ui.comingSoonNoIssue', { area })
          : t('common:comingSoon.description', { area, issue: String(issue) })
      }
      extra={extra}
    />
  );
}
