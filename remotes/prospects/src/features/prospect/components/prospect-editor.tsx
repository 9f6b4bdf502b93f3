import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CustomFieldGroup, ProspectEdit, ProspectInfo } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import { errorText } from '../../../utils/error-text';
import { EmailStatusBadge } from '../../verification/components/email-status-badge';
import { canEditAny, type ProspectAccessMap } from '../utils/prospect-access';
import { draftFromProspect, prepareSave, validateDraft, type FieldErrors, type ProspectDraft } from '../utils/prospect-draft';
import { DraftListField } from './draft-list-field';

type Option = { id: number; name: string };

export type ProspectEditorProps = {
  /** null: a new prospect (viewer class "new"). */
  prospect: ProspectInfo | null;
  access: ProspectAccessMap;
  countries: Option[];
  industries: Option[];
  fieldGroups: CustomFieldGroup[];
  saving: boolean;
  /** Errors the server answered, by field path (the same keys the local rules give). */
  serverErrors?: FieldErrors;
  onSave: (edit: ProspectEdit) => void;
};

/**
 * The details form of one prospect. Each element renders by the viewer's access (document 1 §6):
 * an input when it may be edited, text when viewed, nothing when hidden. The §5 rules run before
 * the save and show their error on the field.
 */
export function ProspectEditor({ prospect, access, countries, industries, fieldGroups, saving, serverErrors = {}, onSave }: ProspectEditorProps) {
  const { t } = useTranslation(NAMESPACE);
  const [draft, setDraft] = useState<ProspectDraft>(() => draftFromProspect(prospect));
  const [localErrors, setLocalErrors] = useState<FieldErrors>({});
  const errors = { ...serverErrors, ...localErrors };
  // An edit clears the shown errors: they are checked again on the next save.
  const set = <K extends keyof ProspectDraft>(key: K, value: ProspectDraft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setLocalErrors((current) => (Object.keys(current).length === 0 ? current : {}));
  };
  const status = (path: string) => (errors[path] ? ('error' as const) : undefined);
  const help = (path: string) => (errors[path] ? t(errorText(errors[path]!)) : undefined);
  const edits = (element: keyof ProspectAccessMap) => access[element] === 'edit';

  const handleSave = () => {
    const found = validateDraft(draft);
    setLocalErrors(found);
    if (Object.keys(found).length === 0) onSave(prepareSave(draft, access));
  };

  const text = (element: keyof ProspectAccessMap, key: 'name' | 'firstName' | 'lastName' | 'locality' | 'social', label: string) =>
    access[element] === 'hidden' ? null : (
      <Form.Item label={label} validateStatus={status(key)} help={help(key)} required={key === 'name'}>
        {edits(element) ? (
          <Input aria-label={label} value={draft[key]} onChange={(event) => set(key, event.target.value)} />
        ) : (
          <Typography.Text>{draft[key] || '—'}</Typography.Text>
        )}
      </Form.Item>
    );

  const picker = (element: 'country' | 'industry', key: 'countryId' | 'industryId', options: Option[], fallback: string | null | undefined) => (
    <Form.Item label={t(`prospect.fields.${element}`)}>
      {edits(element) ? (
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          aria-label={t(`prospect.fields.${element}`)}
          value={draft[key] ?? undefined}
          options={options.map((option) => ({ value: option.id, label: option.name }))}
          onChange={(value: number | undefined) => set(key, value ?? null)}
        />
      ) : (
        <Typography.Text>{fallback || '—'}</Typography.Text>
      )}
    </Form.Item>
  );

  const memberFieldIds = new Set((prospect?.customFields ?? []).filter((field) => field.isMemberField).map((field) => field.id));
  const fieldAccess = (fieldId: number) => (memberFieldIds.has(fieldId) ? access.teamCustomFields : access.customFields);
  const groupedFields = fieldGroups.flatMap((group) => group.fields.map((field) => ({ group, field })));

  return (
    <Form layout="vertical" component="div" aria-label={t('prospect.details')}>
      {text('names', 'name', t('prospect.fields.name'))}
      <Flex gap={12}>
        <div style={{ flex: 1 }}>{text('names', 'firstName', t('prospect.fields.firstName'))}</div>
        <div style={{ flex: 1 }}>{text('names', 'lastName', t('prospect.fields.lastName'))}</div>
      </Flex>
      <Flex gap={12}>
        <div style={{ flex: 1 }}>{picker('country', 'countryId', countries, prospect?.country)}</div>
        <div style={{ flex: 1 }}>{picker('industry', 'industryId', industries, prospect?.industry)}</div>
      </Flex>
      {text('locality', 'locality', t('prospect.fields.locality'))}
      {text('socialLinks', 'social', t('prospect.fields.social'))}

      {access.emails === 'hidden' ? null : (
        <Form.Item label={t('prospect.fields.emails')}>
          {edits('emails') ? (
            <DraftListField
              items={draft.emails}
              editable
              addLabel={t('prospect.addEmail')}
              removeLabel={t('prospect.remove')}
              create={() => ({ id: null, email: '' })}
              onChange={(emails) => set('emails', emails)}
              renderItem={(email, index, update) => {
                const saved = prospect?.emails.find((item) => item.email_id === email.id);
                return (
                  <Space.Compact block>
                    <Input aria-label={t('prospect.emailN', { n: index + 1 })} value={email.email} onChange={(event) => update({ ...email, email: event.target.value })} />
                    {saved ? <EmailStatusBadge status={saved.status} /> : null}
                  </Space.Compact>
                );
              }}
            />
          ) : (
            <Flex vertical gap={4}>
              {(prospect?.emails ?? []).map((email) => (
                <Space key={email.email_id}>
                  <span>{email.email}</span>
                  {/* A limited viewer sees the address only: no status, no tags (document 1 §6). */}
                  {access.emails === 'view' ? <EmailStatusBadge status={email.status} /> : null}
                  {access.emails === 'view' ? email.tags.map((tag) => <Tag key={tag}>{tag}</Tag>) : null}
                </Space>
              ))}
            </Flex>
          )}
        </Form.Item>
      )}

      {access.phones === 'hidden' ? null : (
        <Form.Item label={t('prospect.fields.phones')} data-testid="prospect-phones">
          <DraftListField
            items={draft.phones}
            editable={edits('phones')}
            addLabel={t('prospect.addPhone')}
            removeLabel={t('prospect.remove')}
            create={() => ({ id: null, phone: '' })}
            onChange={(phones) => set('phones', phones)}
            renderItem={(phone, index, update) =>
              edits('phones') ? (
                <Input aria-label={t('prospect.phoneN', { n: index + 1 })} value={phone.phone} onChange={(event) => update({ ...phone, phone: event.target.value })} />
              ) : (
                <Typography.Text>{phone.phone}</Typography.Text>
              )
            }
          />
        </Form.Item>
      )}

      <Form.Item label={t('prospect.fields.companies')}>
        <DraftListField
          items={draft.companies}
          editable={edits('companies')}
          addLabel={t('prospect.addCompany')}
          removeLabel={t('prospect.remove')}
          create={() => ({ id: null, name: '', url: '', position: '', hqPhone: '' })}
          onChange={(companies) => set('companies', companies)}
          renderItem={(company, index, update) => (
            <Flex gap={8} wrap>
              {(['name', 'url', 'position', 'hqPhone'] as const).map((field) => {
                const path = `companies.${index}.${field}`;
                const label = t(`prospect.company.${field}`);
                return (
                  <Form.Item key={field} style={{ flex: 1, minWidth: 140, marginBottom: 0 }} validateStatus={status(path)} help={help(path)}>
                    {edits('companies') ? (
                      <Input aria-label={`${label} ${index + 1}`} placeholder={label} value={company[field]} onChange={(event) => update({ ...company, [field]: event.target.value })} />
                    ) : (
                      <Typography.Text>{company[field] || '—'}</Typography.Text>
                    )}
                  </Form.Item>
                );
              })}
            </Flex>
          )}
        />
      </Form.Item>

      {groupedFields.length > 0 && (access.customFields !== 'hidden' || access.teamCustomFields !== 'hidden') ? (
        <Form.Item label={t('prospect.fields.customFields')}>
          <Flex vertical gap={8}>
            {groupedFields.map(({ group, field }) => {
              const fieldAccessValue = fieldAccess(field.id);
              if (fieldAccessValue === 'hidden') return null;
              const draftField = draft.customFields.find((item) => item.id === field.id) ?? { id: field.id, type: field.type, value: '' };
              const label = `${group.name} · ${field.name}`;
              return (
                <Flex key={field.id} gap={8} align="center">
                  <Typography.Text style={{ minWidth: 160 }}>{label}</Typography.Text>
                  {fieldAccessValue === 'edit' ? (
                    <Input
                      aria-label={label}
                      value={draftField.value}
                      inputMode={field.type === 'number' ? 'decimal' : undefined}
                      type={field.type === 'date' ? 'date' : 'text'}
                      onChange={(event) =>
                        set('customFields', [
                          ...draft.customFields.filter((item) => item.id !== field.id),
                          { ...draftField, value: event.target.value },
                        ])
                      }
                    />
                  ) : (
                    <Typography.Text>{draftField.value || '—'}</Typography.Text>
                  )}
                </Flex>
              );
            })}
          </Flex>
        </Form.Item>
      ) : null}

      {Object.keys(errors).length > 0 ? <Alert type="error" showIcon title={t('prospect.fixErrors')} /> : null}
      {canEditAny(access) ? (
        <Button type="primary" loading={saving} onClick={handleSave}>
          {t('actions.save')}
        </Button>
      ) : (
        <Typography.Text type="secondary">{t('prospect.readOnly')}</Typography.Text>
      )}
    </Form>
  );
}
