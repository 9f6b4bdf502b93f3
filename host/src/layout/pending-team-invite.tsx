import { useState } from 'react';
import { Modal, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { teamAccept, teamCheckCode } from '@leadforge/contracts';
import { callApi, isApiError } from '@leadforge/api-client';
import { useApiErrorModal, useToast } from '@leadforge/ui';
import { clearStoredTeamCode, readStoredTeamCode, applyFreshUserInfo } from '../app/session-bridge';

/**
 * A join link (/team/check-code/:code) opened before signing in left its code in storage; once
 * signed in, the user is offered to join that team (POST /team/accept) or to decline.
 */
export function PendingTeamInvite() {
  const { t } = useTranslation();
  const toast = useToast();
  const showError = useApiErrorModal();
  const queryClient = useQueryClient();
  const [code, setCode] = useState(() => readStoredTeamCode());

  const check = useQuery({
    queryKey: ['team', 'checkCode', code],
    queryFn: () => callApi(teamCheckCode, { body: { code: code ?? '' } }),
    enabled: Boolean(code),
    retry: false,
  });

  const forget = () => {
    clearStoredTeamCode();
    setCode(null);
  };

  const accept = useMutation({
    mutationFn: () => callApi(teamAccept, { body: { code: code ?? '' } }),
    onSuccess: (userInfo) => {
      void applyFreshUserInfo(queryClient, userInfo);
      void queryClient.invalidateQueries({ queryKey: ['team'] });
      toast.success(t('shell:team.joined', { teamName: check.data?.teamName ?? '' }));
      forget();
    },
    onError: (error) => {
      showError(error);
      if (isApiError(error) && (error.hasKey('team_code_invalid') || error.hasKey('team_already_member'))) forget();
    },
  });

  if (!code) return null;
  if (check.isError) {
    // An invalid or expired link: say so once and drop it.
    return (
      <Modal
        open
        title={t('shell:teamInvite.invalidTitle')}
        onOk={forget}
        onCancel={forget}
        okText={t('common:actions.gotIt')}
        cancelButtonProps={{ style: { display: 'none' } }}
      >
        <Typography.Paragraph>{t('shell:teamInvite.invalidText')}</Typography.Paragraph>
      </Modal>
    );
  }
  if (!check.data) return null;
  return (
    <Modal
      open
      title={t('shell:team.joinTitle')}
      okText={t('shell:team.join')}
      cancelText={t('common:actions.cancel')}
      confirmLoading={accept.isPending}
      onOk={() => accept.mutate()}
      onCancel={forget}
    >
      <Typography.Paragraph>
        {t('shell:team.joinQuestion', { teamName: check.data.teamName, leadName: check.data.leadName })}
      </Typography.Paragraph>
    </Modal>
  );
}
