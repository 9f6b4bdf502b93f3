import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';

/** Sources the API writes (prospects.source); anything else is shown as it is stored. */
const KNOWN_SOURCES = ['manual', 'import', 'finder', 'sandbox_network', 'text'] as const;
type KnownSource = (typeof KNOWN_SOURCES)[number];
const isKnown = (source: string): source is KnownSource => (KNOWN_SOURCES as readonly string[]).includes(source);

export type ProspectSourceProps = {
  source: string;
};

/**
 * Where a prospect came from. A prospect made up by the offline sandbox network says so
 * plainly: it must never pass for a real person found by a real search.
 */
export function ProspectSource({ source }: ProspectSourceProps) {
  const { t } = useTranslation(NAMESPACE);
  const label = isKnown(source) ? t(`prospect.source.values.${source}`) : source;
  return (
    <>
      {source === 'sandbox_network' ? <Alert type="warning" showIcon title={t('prospect.source.sandboxWarning')} /> : null}
      <Typography.Text type="secondary">
        {t('prospect.source.label')}: {label}
      </Typography.Text>
    </>
  );
}
