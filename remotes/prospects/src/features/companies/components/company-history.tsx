import { Button, Flex, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CompanyList } from '@leadforge/contracts';
import { EmptyState, ErrorState, LoadingState } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { useCompanyHistory } from '../api/get-company-history';
import { historyLine, listNamesFrom } from '../utils/company-history';

export type CompanyHistoryProps = {
  /** The list whose entries to show; null: everything done with companies. */
  listId: number | null;
  lists: CompanyList[];
};

/**
 * What was done with company lists and companies, newest first (/companies/get-history), or with
 * one list (the server answers only its entries); older pages load on demand.
 */
export function CompanyHistory({ listId, lists }: CompanyHistoryProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const history = useCompanyHistory(listId);

  if (history.isPending) return <LoadingState label={t('companies.history.loading')} />;
  if (history.isError) return <ErrorState error={history.error} onRetry={() => void history.refetch()} />;

  const entries = history.data.pages.flatMap((page) => page.items);
  const names = listNamesFrom(lists, entries);
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const more = history.hasNextPage ? (
    <Flex justify="center">
      <Button loading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
        {t('companies.history.older')}
      </Button>
    </Flex>
  ) : null;

  if (entries.length === 0) {
    return (
      <Flex vertical gap={12}>
        <EmptyState title={t('companies.history.empty')} />
        {more}
      </Flex>
    );
  }
  return (
    <Flex vertical gap={12} role="region" aria-label={t('companies.history.title')}>
      <Timeline
        items={entries.map((entry) => {
          const line = historyLine(entry, names);
          return {
            key: entry.id,
            title: <Typography.Text type="secondary">{dateFormat.format(new Date(entry.createdAt))}</Typography.Text>,
            content: t(`companies.history.actions.${line.action}`, line.values),
          };
        })}
      />
      {more}
    </Flex>
  );
}
