import { useState } from 'react';
import { Button, Select, Space } from 'antd';
import SwapOutlined from '@ant-design/icons/es/icons/SwapOutlined';
import { useTranslation } from 'react-i18next';
import type { CompanyList } from '@leadforge/contracts';
import { useApiErrorModal, useToast } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { useMoveCompanies } from '../api/move-companies';

export type MoveCompaniesProps = {
  fromListId: number;
  /** Every company list; the one moved from is left out of the choices. */
  lists: CompanyList[];
  companyIds: number[];
  onMoved: () => void;
};

/** Moves the chosen companies of one company list into another (/companies/move). */
export function MoveCompanies({ fromListId, lists, companyIds, onMoved }: MoveCompaniesProps) {
  const { t } = useTranslation(NAMESPACE);
  const toast = useToast();
  const showError = useApiErrorModal();
  const move = useMoveCompanies();
  const [target, setTarget] = useState<number | null>(null);
  const targets = lists.filter((list) => list.id !== fromListId);

  const handleMove = () => {
    if (target === null || companyIds.length === 0) return;
    const name = targets.find((list) => list.id === target)?.listName ?? '';
    move.mutate(
      { body: { items: companyIds, moveFrom: fromListId, moveTo: target } },
      {
        onSuccess: ({ moved }) => {
          toast.success(t('companies.moved', { count: moved, name }));
          setTarget(null);
          onMoved();
        },
        onError: (error) => showError(error),
      },
    );
  };

  return (
    <Space.Compact>
      <Select
        aria-label={t('companies.moveTarget')}
        placeholder={t('companies.moveTarget')}
        style={{ minWidth: 200 }}
        value={target ?? undefined}
        options={targets.map((list) => ({ value: list.id, label: list.listName }))}
        onChange={(value: number) => setTarget(value)}
      />
      <Button
        icon={<SwapOutlined />}
        disabled={target === null || companyIds.length === 0}
        loading={move.isPending}
        onClick={handleMove}
      >
        {t('companies.move', { count: companyIds.length })}
      </Button>
    </Space.Compact>
  );
}
