import { Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NAMESPACE } from '../../../i18n';

/** Every tool of the area, grouped as the menu groups them (document 1 §2: finder, verifier, extensions). */
export const FINDER_TOOLS = [
  { group: 'finder', key: 'domainSearch', path: '/domain-search' },
  { group: 'finder', key: 'bulkDomainSearch', path: '/url-emails' },
  { group: 'finder', key: 'singleEmailSearch', path: '/search/single-email' },
  { group: 'finder', key: 'bulkEmailSearch', path: '/emails-from-names' },
  { group: 'finder', key: 'socialSearch', path: '/linkedin-search' },
  { group: 'finder', key: 'techCheck', path: '/techcheck' },
  { group: 'verifier', key: 'singleVerification', path: '/verify/individual-emails' },
  { group: 'verifier', key: 'bulkVerification', path: '/bulk-email-verification' },
  { group: 'extensions', key: 'extensions', path: '/extensions' },
] as const;

const GROUPS = ['finder', 'verifier', 'extensions'] as const;

/** Every tool of the area under its group, each linking to its screen and saying what it does. */
export function ToolsCatalogue() {
  const { t } = useTranslation(NAMESPACE);
  return (
    <>
      {GROUPS.map((group) => (
        <section key={group} aria-labelledby={`tools-${group}`} style={{ marginBottom: 24 }}>
          <Typography.Title level={2} id={`tools-${group}`} style={{ fontSize: 20 }}>
            {t(`finderTools.groups.${group}`)}
          </Typography.Title>
          <Row gutter={[16, 16]}>
            {FINDER_TOOLS.filter((tool) => tool.group === group).map((tool) => (
              <Col key={tool.key} xs={24} md={12} xl={8}>
                <Card title={<Link to={tool.path}>{t(`pages.${tool.key}.title`)}</Link>} size="small">
                  {t(`pages.${tool.key}.coming`)}
                </Card>
              </Col>
            ))}
          </Row>
        </section>
      ))}
    </>
  );
}
