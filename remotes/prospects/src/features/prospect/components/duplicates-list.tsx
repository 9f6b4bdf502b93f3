import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ProspectInfo } from '@leadforge/contracts';
import { EmptyState } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { PlainList } from '../../../components/plain-list';

type Duplicate = NonNullable<ProspectInfo['duplicates']>[number];
export type DuplicatesListProps = { duplicates: Duplicate[]; onOpen: (prospectId: number) => void };

/** Other prospects that look like this one (same email, social URL, or name and company). */
export function DuplicatesList({ duplicates, onOpen }: DuplicatesListProps) {
  const { t } = useTranslation(NAMESPACE);
  if (duplicates.length === 0) return <EmptyState title={t('duplicates.empty')} />;
  return (
    <PlainList
      aria-label={t('duplicates.title')}
      items={duplicates}
      itemKey={(duplicate) => duplicate.id}
      renderItem={(duplicate) => (
        <Typography.Link
          href={`/prospect?id=${duplicate.id}`}
          onClick={(event) => {
            event.preventDefault();
            onOpen(duplicate.id);
          }}
        >
          {duplicate.name}
        </Typography.Link>
      )}
      renderActions={(duplicate) => <Tag>{t(`duplicates.reasons.${duplicate.reason}`)}</Tag>}
    />
  );
}
