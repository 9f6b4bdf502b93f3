import { Flex, Form, Input, InputNumber, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RouteResponse, linkedinAccountsRoutes } from '@leadforge/contracts';
import { NAMESPACE } from '../../../i18n';
import type { ProxyKind } from '../utils/proxy-form';

type ProxyCountry = RouteResponse<typeof linkedinAccountsRoutes.linkedinProxies>['countries'][number];

export type ProxyFieldsProps = {
  countries: ProxyCountry[];
  countriesLoading: boolean;
  /** A saved custom proxy has a password: an empty field keeps it. */
  hasSavedPassword?: boolean;
};

/**
 * The proxy an account acts through (document 1 §3): one of the platform's by country, or the
 * user's own host, port, username and password. Fields of the surrounding form: `proxyKind`,
 * `countryId`, `proxy.{host,port,username,password}`.
 */
export function ProxyFields({ countries, countriesLoading, hasSavedPassword = false }: ProxyFieldsProps) {
  const { t } = useTranslation(NAMESPACE);
  const kind = Form.useWatch<ProxyKind | undefined>('proxyKind');
  const required = { required: true, message: t('linkedinAccounts.form.required') };
  return (
    <>
      <Form.Item name="proxyKind" label={t('linkedinAccounts.proxyForm.kind')} extra={t('linkedinAccounts.proxyForm.help')}>
        <Radio.Group
          options={[
            { value: 'builtin', label: t('linkedinAccounts.proxyForm.builtin') },
            { value: 'custom', label: t('linkedinAccounts.proxyForm.custom') },
          ]}
        />
      </Form.Item>
      {kind === 'custom' ? (
        <>
          <Flex gap={8} wrap>
            <Form.Item name={['proxy', 'host']} label={t('linkedinAccounts.proxyForm.host')} rules={[{ ...required, whitespace: true }]} style={{ flex: 1 }}>
              <Input autoComplete="off" spellCheck={false} placeholder="proxy.example.com" />
            </Form.Item>
            <Form.Item name={['proxy', 'port']} label={t('linkedinAccounts.proxyForm.port')} rules={[required]}>
              <InputNumber min={1} max={65_535} precision={0} style={{ width: 110 }} />
            </Form.Item>
          </Flex>
          <Flex gap={8} wrap>
            <Form.Item name={['proxy', 'username']} label={t('linkedinAccounts.proxyForm.username')} style={{ flex: 1 }}>
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item
              name={['proxy', 'password']}
              label={t('linkedinAccounts.proxyForm.password')}
              style={{ flex: 1 }}
              extra={hasSavedPassword ? t('linkedinAccounts.proxyForm.passwordKept') : undefined}
            >
              <Input.Password autoComplete="new-password" />
            </Form.Item>
          </Flex>
        </>
      ) : (
        <Form.Item name="countryId" label={t('linkedinAccounts.proxyForm.country')} rules={[required]}>
          <Select
            showSearch
            loading={countriesLoading}
            optionFilterProp="label"
            placeholder={t('linkedinAccounts.proxyForm.countryPlaceholder')}
            options={countries.map((country) => ({
              value: country.countryId,
              label: country.available ? country.name : t('linkedinAccounts.proxyForm.unavailable', { name: country.name }),
              disabled: !country.available,
            }))}
          />
        </Form.Item>
      )}
    </>
  );
}

export type TimeZoneOption = { id: string; name: string };

export type TimeZoneFieldProps = {
  timeZones: TimeZoneOption[];
  loading: boolean;
  /** The zone in the form before the list arrives, shown as itself. */
  current: string;
};

/** The clock the account's working hours are read on (field `timezone`). */
export function TimeZoneField({ timeZones, loading, current }: TimeZoneFieldProps) {
  const { t } = useTranslation(NAMESPACE);
  const options = timeZones.length > 0 ? timeZones.map((zone) => ({ value: zone.id, label: zone.name })) : [{ value: current, label: current }];
  return (
    <Form.Item
      name="timezone"
      label={t('linkedinAccounts.form.timezone')}
      extra={t('linkedinAccounts.form.timezoneHelp')}
      rules={[{ required: true, message: t('linkedinAccounts.form.required') }]}
    >
      <Select showSearch loading={loading} optionFilterProp="label" options={options} />
    </Form.Item>
  );
}
