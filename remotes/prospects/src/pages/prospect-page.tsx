import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { EmptyState, PageHeader } from '@leadforge/ui';
import { NAMESPACE } from '../i18n';
import { ProspectView } from '../features/prospect/components/prospect-view';

/** Reads a positive integer id from the query, or null. */
function idParam(value: string | null): number | null {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : null;
}

/** /prospect?id=… (or ?sourceId=…, how links from other areas open it), optionally &listId=…. */
export function ProspectPage() {
  const { t } = useTranslation(NAMESPACE);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const prospectId = idParam(params.get('id')) ?? idParam(params.get('sourceId'));
  const listId = idParam(params.get('listId')) ?? 0;
  return (
    <Flex vertical>
      <PageHeader title={t('pages.prospect.title')} onBack={() => navigate(-1)} />
      {prospectId === null ? (
        <EmptyState title={t('prospect.missingId')} />
      ) : (
        <ProspectView prospectId={prospectId} listId={listId} onOpenProspect={(next) => navigate(`/prospect?id=${next}&listId=${listId}`)} />
      )}
    </Flex>
  );
}
