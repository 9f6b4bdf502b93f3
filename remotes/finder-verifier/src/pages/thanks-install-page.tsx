import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { NAMESPACE } from '../i18n';
import { Screen } from '../components/screen';
import { featureIndexes } from '../features/extensions/components/extension-card';

/** /thanks-install-li-finder (public): the first steps after installing the social finder. */
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
