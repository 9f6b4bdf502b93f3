import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { AreaComingSoon, PageHeader } from '@leadforge/ui';

export type AreaPlaceholderProps = {
  /** The remote's namespace, where `titleKey`, `comingKey` and `area` live. */
  namespace: string;
  /** The screen's title (also the tab title, through PageHeader). */
  titleKey: string;
  /** One sentence naming what this screen will do once its area issue is resolved. */
  comingKey: string;
  /** The open issue that delivers the area, when it exists. */
  issue?: number;
  /** Shows PageHeader's back button (pricing plans). */
  back?: boolean;
};

/**
 * The honest frame of a screen whose area issue is still open: the real page header and a
 * placeholder that says plainly what is coming. Nothing here pretends to work.
 */
export function AreaPlaceholder({ namespace, titleKey, comingKey, issue, back = false }: AreaPlaceholderProps) {
  const { t } = useTranslation(namespace);
  const navigate = useNavigate();
  const handleBack = () => navigate(-1);
  return (
    <section data-area={namespace}>
      <PageHeader title={t(titleKey)} {...(back ? { onBack: handleBack } : {})} />
      <AreaComingSoon
        area={t('area')}
        {...(issue === undefined ? {} : { issue })}
        extra={<Typography.Paragraph style={{ maxWidth: 560, margin: '0 auto' }}>{t(comingKey)}</Typography.Paragraph>}
      />
    </section>
  );
}
