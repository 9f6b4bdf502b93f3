import { useState } from 'react';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { NAMESPACE } from '../../../i18n';
import { useGetTargetLists } from '../../target-lists/api/get-target-lists';

export type ProspectListSelectProps = {
  id?: string;
  value?: number;
  onChange?: (value: number) => void;
};

/** One of the caller's prospect lists, searched by name as the user types. */
export function ProspectListSelect({ id, value, onChange }: ProspectListSelectProps) {
  const { t } = useTranslation(NAMESPACE);
  const [keyword, setKeyword] = useState('');
  const lists = useGetTargetLists(keyword, true);
  return (
    <Select<number>
      id={id}
      value={value}
      onChange={onChange}
      showSearch
      filterOption={false}
      onSearch={setKeyword}
      loading={lists.isFetching}
      notFoundContent={lists.isError ? t('addToList.listsFailed') : t('addToList.noLists')}
      options={(lists.data?.lists ?? []).map((list) => ({ value: list.id, label: list.name }))}
    />
  );
}
