import {
  credentialPolicyCommands,
  credentialPolicyFields,
  credentialPresetNames,
  credentialPresets,
  presetOf,
} from '@loyalty/contracts';
import { Button, Flex, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { InputNumber } from '../../components/InputNumber.tsx';
import { SettingsCard } from '../../components/SettingsCard.tsx';
import { Switch } from '../../components/Switch.tsx';
import { Tag } from '../../components/Tag.tsx';
import { Typography } from '../../components/Typography.tsx';
import { settingsMessages } from './choices.ts';

const numbers = ['minLength', 'maxLength', 'historyCount'] as const;
const switches = [
  'requireUppercase',
  'requireLowercase',
  'requireDigit',
  'requireSymbol',
  'rejectUsername',
  'rejectCommon',
] as const;

/** `security/credential`: what a password must be, with the PCI DSS and NIST/ASVS presets. */
export default function CredentialPolicyPage() {
  const { t } = useTranslation();
  return (
    <SettingsCard
      endpoint="/api/admin/credential-policy"
      schema={credentialPolicyFields}
      permission={credentialPolicyCommands.update.name}
      title={t('security.credential.title')}
      messages={settingsMessages}
      extra={(form, markDirty) => (
        <Form.Item shouldUpdate noStyle>
          {() => {
            const values = form.getFieldsValue(true);
            const parsed = credentialPolicyFields.safeParse(values);
            const preset = parsed.success ? presetOf(parsed.data) : 'CUSTOM';
            return (
              <Flex gap={8} align="center" wrap style={{ marginBottom: 24 }}>
                <Typography.Text>{t('security.credential.preset')}</Typography.Text>
                <Tag color={preset === 'CUSTOM' ? 'default' : 'blue'} data-testid="preset">
                  {t(`security.credential.presets.${preset}`)}
                </Tag>
                {credentialPresetNames.map((name) => (
                  <Button
                    key={name}
                    size="small"
                    onClick={() => {
                      form.setFieldsValue(credentialPresets[name]);
                      markDirty();
                    }}
                  >
                    {t('security.credential.apply', { preset: t(`security.credential.presets.${name}`) })}
                  </Button>
                ))}
              </Flex>
            );
          }}
        </Form.Item>
      )}
    >
      {(rules) => (
        <>
          <Flex gap={16} wrap>
            {numbers.map((name) => (
              <Form.Item
                key={name}
                name={name}
                label={t(`security.credential.fields.${name}`)}
                rules={rules(name)}
                dependencies={name === 'maxLength' ? ['minLength'] : undefined}
              >
                <InputNumber min={0} style={{ width: 160 }} />
              </Form.Item>
            ))}
          </Flex>
          {switches.map((name) => (
            <Form.Item
              key={name}
              name={name}
              label={t(`security.credential.fields.${name}`)}
              valuePropName="checked"
              layout="horizontal"
            >
              <Switch />
            </Form.Item>
          ))}
        </>
      )}
    </SettingsCard>
  );
}
