import { Button, Card, Flex, Result } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { teamLeave } from '@leadforge/contracts';
import { callApi } from '@leadforge/api-client';
import { useApiErrorModal, useToast } from '@leadforge/ui';
import { applyFreshUserInfo } from '../../app/session-bridge';

/** /team/leave-team: leaving is not undone by a click on a link, so it asks first. */
export function LeaveTeamAction() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toast = useToast();
  const showError = useApiErrorModal();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => callApi(teamLeave),
    onSuccess: (userInfo) => {
      void applyFreshUserInfo(queryClient, userInfo);
      void queryClient.invalidateQueries({ queryKey: ['team'] });
      toast.success(t('shell:team.left'));
      navigate('/account/team', { replace: true });
    },
    onError: (error) => showError(error),
  });
  return (
    <Flex justify="center">
      <Card style={{ maxWidth: 560, width: '100%' }}>
        <Result
          status="warning"
          title={t('shell:team.leave')}
          subTitle={t('shell:team.leaveConfirm')}
          extra={
            <Flex gap={8} justify="center">
              <Button onClick={() => navigate('/account/team')}>{t('common:actions.cancel')}</Button>
              <Button danger type="primary" loading={mutation.isPending} onClick={() => mutation.mutate()}>
                {t('shell:team.leave')}
              </Button>
            </Flex>
          }
        />
      </Card>
    </Flex>
  );
}
