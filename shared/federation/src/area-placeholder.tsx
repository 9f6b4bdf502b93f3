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
        issue={issue}
        extra={<Typography.Paragraph style={{ maxWidth: 560, margin: '0 auto' }}>{t(comingKey)}</Typography.Paragraph>}
      />
    </section>
  );
}

/** Options of one placeholder screen in a remote's route table. */
export type AreaPageOptions = { back?: boolean };

/**
 * The `page(key, options)` factory every remote's route table uses while its area issue is open:
 * `pages.<key>.title` and `pages.<key>.coming` in the remote's namespace frame the screen.
 */
export function createAreaPage({ namespace, issue }: { namespace: string; issue: number | undefined }) {
  return function page(key: string, options: AreaPageOptions = {}) {
    return (
      <AreaPlaceholder
        namespace={namespace}
        titleKey={`pages.${key}.title`}
        comingKey={`pages.${key}.coming`}
        issue={issue}
        back={options.back ?? false}
      />
    );
  };
}
