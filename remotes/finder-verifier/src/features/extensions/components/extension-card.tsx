import { Card, List } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NAMESPACE } from '../../../i18n';

/** The browser extensions and what each one does; the tracker has its own child page. */
export const EXTENSIONS = ['emailFinder', 'socialFinder', 'gmailTracker'] as const;
export type ExtensionKey = (typeof EXTENSIONS)[number];

const FEATURE_COUNT = 3;
/** Each extension and the thank-you page list three numbered points. */
export const featureIndexes = Array.from({ length: FEATURE_COUNT }, (_, index) => index + 1);

export type ExtensionCardProps = { extension: ExtensionKey };

/** One extension: its name (the tracker's links to its own page), what it does and three features. */
export function ExtensionCard({ extension }: ExtensionCardProps) {
  const { t } = useTranslation(NAMESPACE);
  const title = t(`extensions.items.${extension}.name`);
  return (
    <Card title={extension === 'gmailTracker' ? <Link to="/extensions/gmail-email-tracker">{title}</Link> : title} size="small">
      <p>{t(`extensions.items.${extension}.description`)}</p>
      <List
        size="small"
        dataSource={featureIndexes}
        renderItem={(index) => <List.Item>{t(`extensions.items.${extension}.feature${index}`)}</List.Item>}
      />
    </Card>
  );
}
