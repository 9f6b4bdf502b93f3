import { Card, Col, List, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NAMESPACE } from '../../../i18n';
import { Screen } from '../../../components/screen';

/** The browser extensions and what each one does; the tracker has its own child page. */
export const EXTENSIONS = ['emailFinder', 'socialFinder', 'gmailTracker'] as const;
export type ExtensionKey = (typeof EXTENSIONS)[number];

const FEATURE_COUNT = 3;
const featureIndexes = Array.from({ length: FEATURE_COUNT }, (_, index) => index + 1);

export type ExtensionCardProps = { extension: ExtensionKey };

export function ExtensionCard({ extension }: ExtensionCardProps) {
  const { t } = useTranslation(NAMESPACE);
  const title = t(`extensions.items.${extension}.name`);
  return (
    <Card
      title={extension === 'gmailTracker' ? <Link to="/extensions/gmail-email-tracker">{title}</Link> : title}
      size="small"
    >
      <p>{t(`extensions.items.${extension}.description`)}</p>
      <List
        size="small"
        dataSource={featureIndexes}
        renderItem={(index) => <List.Item>{t(`extensions.items.${extension}.feature${index}`)}</List.Item>}
      />
    </Card>
  );
}

export function ExtensionsPage() {
  return (
    <Screen pageKey="extensions">
      <Row gutter={[16, 16]}>
        {EXTENSIONS.map((extension) => (
          <Col key={extension} xs={24} lg={8}>
            <ExtensionCard extension={extension} />
          </Col>
        ))}
      </Row>
    </Screen>
  );
}

export function GmailTrackerPage() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Screen pageKey="gmailTracker">
      <ExtensionCard extension="gmailTracker" />
      <p style={{ marginTop: 16 }}>
        <Link to="/extensions">{t('extensions.backToList')}</Link>
      </p>
    </Screen>
  );
}

export function ThanksInstallPage() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <Screen pageKey="thanksInstall">
      <Card>
        <ol>
          {featureIndexes.map((index) => (
            <li key={index}>{t(`thanksInstall.step${index}`)}</li>
          ))}
        </ol>
        <Link to="/linkedin-search">{t('thanksInstall.openSearch')}</Link>
      </Card>
    </Screen>
  );
}
