import { useState, type KeyboardEvent } from 'react';
import { Alert, Button, Divider, Flex, Input, Popconfirm, Radio, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@leadforge/api-client';
import { DKIM_DEFAULTS, type EmailAccount, type EmailAccountDkim, type EmailAccountDkimCheck } from '@leadforge/contracts';
import { useApiErrorModal, useToast } from '@leadforge/ui';
import { NAMESPACE } from '../../../i18n';
import { useCheckEmailAccountDkim } from '../api/check-email-account-dkim';
import { useDeleteEmailAccountDkim } from '../api/delete-email-account-dkim';
import { useSetEmailAccountDkim } from '../api/set-email-account-dkim';
import { dkimStatusOf, isDkimSelector, type DkimKeySource } from '../utils/dkim';

export type DkimSectionProps = {
  account: Pick<EmailAccount, 'id' | 'email' | 'dkim'>;
};

/**
 * The mailbox's DKIM key, inside the settings drawer but acting at once (not on the drawer's
 * Save): generate a key or paste one, publish the TXT record shown, check it on DNS, remove it.
 * No <form> of its own: it sits inside the drawer's form, so Enter in its fields is kept from
 * submitting the settings.
 */
export function DkimSection({ account }: DkimSectionProps) {
  const { t, i18n } = useTranslation(NAMESPACE);
  const toast = useToast();
  const showError = useApiErrorModal();
  const setKey = useSetEmailAccountDkim();
  const removeKey = useDeleteEmailAccountDkim();
  const checkKey = useCheckEmailAccountDkim();

  const [dkim, setDkim] = useState<EmailAccountDkim | null>(account.dkim);
  const [editing, setEditing] = useState(account.dkim === null);
  const [source, setSource] = useState<DkimKeySource>('generate');
  const [selector, setSelector] = useState<string>(account.dkim?.selector ?? DKIM_DEFAULTS.selector);
  const [privateKey, setPrivateKey] = useState('');
  const [keyError, setKeyError] = useState<string | null>(null);
  const [check, setCheck] = useState<EmailAccountDkimCheck | null>(null);

  const status = dkimStatusOf(dkim);
  const selectorValid = isDkimSelector(selector);
  const domain = account.email.slice(account.email.lastIndexOf('@') + 1).toLowerCase();
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const handleSave = () => {
    if (!selectorValid) return;
    if (source === 'own' && privateKey.trim() === '') {
      setKeyError(t('emailAccounts.dkim.privateKeyRequired'));
      return;
    }
    setKey.mutate(
      {
        params: { id: account.id },
        body: source === 'own' ? { selector: selector.trim(), privateKey } : { selector: selector.trim() },
      },
      {
        onSuccess: ({ account: updated }) => {
          setDkim(updated.dkim);
          setSelector(updated.dkim?.selector ?? selector);
          setEditing(false);
          setPrivateKey('');
          setKeyError(null);
          setCheck(null);
          toast.success(
            t(source === 'own' ? 'emailAccounts.dkim.savedToast' : 'emailAccounts.dkim.generatedToast', { email: account.email }),
          );
        },
        onError: (error) => {
          if (isApiError(error) && error.hasKey('dkim_key_invalid')) setKeyError(t('errors:dkim_key_invalid.description'));
          else showError(error);
        },
      },
    );
  };

  const handleCheck = () =>
    checkKey.mutate(
      { params: { id: account.id } },
      {
        onSuccess: (result) => {
          setDkim(result.dkim);
          setCheck(result);
        },
        onError: (error) => showError(error),
      },
    );

  const handleRemove = () =>
    removeKey.mutate(
      { params: { id: account.id } },
      {
        onSuccess: () => {
          setDkim(null);
          setEditing(true);
          setSource('generate');
          setCheck(null);
          toast.success(t('emailAccounts.dkim.removedToast', { email: account.email }));
        },
        onError: (error) => showError(error),
      },
    );

  // Enter in a field of this section would submit the drawer's settings form around it.
  const handleEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    handleSave();
  };

  const copyable = (text: string) => ({ text, tooltips: [t('emailAccounts.dkim.copy'), t('emailAccounts.dkim.copied')] });

  return (
    <section aria-labelledby={`dkim-title-${account.id}`} data-testid="dkim-section" data-dkim={status}>
      <Divider />
      <Flex align="center" gap={8} wrap>
        <Typography.Title level={5} id={`dkim-title-${account.id}`} style={{ margin: 0 }}>
          {t('emailAccounts.dkim.title')}
        </Typography.Title>
        <Tag
          color={status === 'verified' ? 'success' : status === 'unverified' ? 'warning' : 'default'}
          data-testid="dkim-status"
        >
          {status === 'verified'
            ? t('emailAccounts.dkim.status.verified', { date: dateFormat.format(new Date(dkim!.verifiedAt!)) })
            : t(`emailAccounts.dkim.status.${status}`)}
        </Tag>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('emailAccounts.dkim.help', { domain })}
      </Typography.Paragraph>

      {dkim ? (
        <Flex vertical gap={8}>
          <Typography.Text>{t('emailAccounts.dkim.recordIntro')}</Typography.Text>
          <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: '4px 12px' }}>
            <dt>{t('emailAccounts.dkim.recordType')}</dt>
            <dd style={{ margin: 0 }}>
              <Typography.Text code>{dkim.record.type}</Typography.Text>
            </dd>
            <dt>{t('emailAccounts.dkim.recordName')}</dt>
            <dd style={{ margin: 0, minWidth: 0 }}>
              <Typography.Text
                code
                copyable={copyable(dkim.record.name)}
                style={{ wordBreak: 'break-all' }}
                data-testid="dkim-record-name"
              >
                {dkim.record.name}
              </Typography.Text>
            </dd>
            <dt>{t('emailAccounts.dkim.recordValue')}</dt>
            <dd style={{ margin: 0, minWidth: 0 }}>
              <Typography.Text
                code
                copyable={copyable(dkim.record.value)}
                style={{ wordBreak: 'break-all' }}
                data-testid="dkim-record-value"
              >
                {dkim.record.value}
              </Typography.Text>
            </dd>
          </dl>
          {check ? (
            check.verified ? (
              <Alert type="success" showIcon title={t('emailAccounts.dkim.verifiedAlert')} data-testid="dkim-check" />
            ) : (
              <Alert
                type="warning"
                showIcon
                data-testid="dkim-check"
                title={t('emailAccounts.dkim.unverifiedAlert')}
                description={
                  <Flex vertical gap={4}>
                    {check.errorKey ? <span>{t(`errors:${check.errorKey}.description`)}</span> : null}
                    {check.found.length > 0 ? (
                      <>
                        <span>{t('emailAccounts.dkim.found')}</span>
                        {check.found.map((record, index) => (
                          <Typography.Text key={index} code style={{ wordBreak: 'break-all' }}>
                            {record}
                          </Typography.Text>
                        ))}
                      </>
                    ) : null}
                  </Flex>
                }
              />
            )
          ) : null}
          <Flex gap={8} wrap>
            <Button onClick={handleCheck} loading={checkKey.isPending}>
              {t('emailAccounts.dkim.check')}
            </Button>
            {editing ? null : <Button onClick={() => setEditing(true)}>{t('emailAccounts.dkim.replace')}</Button>}
            <Popconfirm
              title={t('emailAccounts.dkim.removeConfirm')}
              okText={t('emailAccounts.dkim.removeConfirmOk')}
              cancelText={t('common:actions.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={handleRemove}
            >
              <Button danger loading={removeKey.isPending}>
                {t('emailAccounts.dkim.remove')}
              </Button>
            </Popconfirm>
          </Flex>
        </Flex>
      ) : null}

      {editing ? (
        <Flex vertical gap={8} style={{ marginTop: dkim ? 16 : 0 }} data-testid="dkim-key-form">
          <Radio.Group
            optionType="button"
            value={source}
            onChange={(event) => {
              setSource(event.target.value as DkimKeySource);
              setKeyError(null);
            }}
            options={[
              { value: 'generate', label: t('emailAccounts.dkim.source.generate') },
              { value: 'own', label: t('emailAccounts.dkim.source.own') },
            ]}
          />
          <label htmlFor={`dkim-selector-${account.id}`}>{t('emailAccounts.dkim.selector')}</label>
          <Input
            id={`dkim-selector-${account.id}`}
            value={selector}
            maxLength={63}
            status={selectorValid ? undefined : 'error'}
            aria-invalid={!selectorValid}
            aria-describedby={`dkim-selector-help-${account.id}`}
            onChange={(event) => setSelector(event.target.value)}
            onPressEnter={handleEnter}
            style={{ maxWidth: 240 }}
          />
          <Typography.Text id={`dkim-selector-help-${account.id}`} type={selectorValid ? 'secondary' : 'danger'}>
            {t(selectorValid ? 'emailAccounts.dkim.selectorHelp' : 'emailAccounts.dkim.selectorInvalid')}
          </Typography.Text>
          {source === 'own' ? (
            <>
              <label htmlFor={`dkim-key-${account.id}`}>{t('emailAccounts.dkim.privateKey')}</label>
              <Input.TextArea
                id={`dkim-key-${account.id}`}
                value={privateKey}
                rows={6}
                spellCheck={false}
                autoComplete="off"
                placeholder="-----BEGIN PRIVATE KEY-----"
                status={keyError ? 'error' : undefined}
                aria-invalid={keyError !== null}
                aria-describedby={`dkim-key-help-${account.id}`}
                onChange={(event) => {
                  setPrivateKey(event.target.value);
                  setKeyError(null);
                }}
                style={{ fontFamily: 'monospace' }}
              />
              <Typography.Text
                id={`dkim-key-help-${account.id}`}
                type={keyError ? 'danger' : 'secondary'}
                data-testid="dkim-key-help"
              >
                {keyError ?? t('emailAccounts.dkim.privateKeyHelp')}
              </Typography.Text>
            </>
          ) : null}
          <Flex gap={8} wrap>
            <Button type="primary" onClick={handleSave} loading={setKey.isPending} disabled={!selectorValid}>
              {t(source === 'own' ? 'emailAccounts.dkim.save' : 'emailAccounts.dkim.generate')}
            </Button>
            {dkim ? (
              <Button
                onClick={() => {
                  setEditing(false);
                  setKeyError(null);
                  setPrivateKey('');
                }}
              >
                {t('common:actions.cancel')}
              </Button>
            ) : null}
          </Flex>
        </Flex>
      ) : null}
    </section>
  );
}
