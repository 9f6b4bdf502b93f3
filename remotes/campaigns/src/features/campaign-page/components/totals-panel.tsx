import { Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CampaignTotalsResponse } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { EMAIL_TOTALS, LINKEDIN_TOTALS, formatCount, formatRate, totalTiles, type TotalTile } from '../utils/figures';

export type TotalsPanelProps = {
  totals: CampaignTotalsResponse;
  /** The flowchart has LinkedIn blocks: their totals show even while still zero. */
  showLinkedin: boolean;
};

function Tile({ tile }: { tile: TotalTile }) {
  const { t, i18n } = useTranslation(NAMESPACE);
  return (
    <Card size="small" data-testid={`total-${tile.key}`}>
      <Statistic title={t(`campaignPage.kinds.${tile.key}`)} value={formatCount(tile.unique, i18n.language)} />
      <Typography.Text type="secondary">
        {tile.rate === null
          ? t('campaignPage.totals.events', { formatted: formatCount(tile.count, i18n.language) })
          : t('campaignPage.totals.rate', { rate: formatRate(tile.rate, i18n.language) })}
      </Typography.Text>
    </Card>
  );
}

/**
 * The campaign's totals: recipients each figure happened to (a recipient opening three times
 * counts once) and its rate; the rate of a figure is over delivered mail, bounce and delivery over sent.
 */
export function TotalsPanel({ totals, showLinkedin }: TotalsPanelProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const email = totalTiles(EMAIL_TOTALS, totals);
  const linkedin = totalTiles(LINKEDIN_TOTALS, totals);
  return (
    <section aria-label={t('campaignPage.totals.label')}>
      <Typography.Paragraph type="secondary">
        {t('campaignPage.totals.recipients', { formatted: formatCount(totals.recipients, i18n.language) })}
      </Typography.Paragraph>
      <Typography.Title level={5}>{t('campaignPage.totals.email')}</Typography.Title>
      <Row gutter={[12, 12]}>
        {email.map((tile) => (
          <Col key={tile.key} xs={12} sm={8} md={6} xl={4}>
            <Tile tile={tile} />
          </Col>
        ))}
      </Row>
      {showLinkedin ? (
        <>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('campaignPage.totals.linkedin')}
          </Typography.Title>
          <Row gutter={[12, 12]}>
            {linkedin.map((tile) => (
              <Col key={tile.key} xs={12} sm={8} md={6} xl={4}>
                <Tile tile={tile} />
              </Col>
            ))}
          </Row>
        </>
      ) : null}
    </section>
  );
}
