import type { ConfigItem, ConfigItemType, ConfigValue } from '@loyalty/contracts';
import { useTranslation } from 'react-i18next';
import { ChangeDiff } from '../../../components/ChangeDiff.tsx';
import { Ltr } from '../../../components/format.tsx';
import { Input } from '../../../components/Input.tsx';
import { InputNumber } from '../../../components/InputNumber.tsx';
import { Select } from '../../../components/Select.tsx';
import { Switch } from '../../../components/Switch.tsx';
import { Tag } from '../../../components/Tag.tsx';
import { Typography } from '../../../components/Typography.tsx';
import { useLang } from '../../../i18n/lang.ts';
import { p } from './bundles.resource.tsx';

/** A value as shown: a secret masked, a switch as yes/no, JSON as code. */
export function ValueText({
  value,
  secret,
  type,
}: {
  value: ConfigValue | null;
  secret: boolean;
  type: ConfigItemType;
}) {
  const { t } = useTranslation();
  if (secret) return <Tag data-testid="secret-mask">••••••••</Tag>;
  if (value === null || value === undefined) return <Typography.Text type="secondary">—</Typography.Text>;
  if (type === 'BOOLEAN') return <>{t(`${p}.${value ? 'yes' : 'no'}`)}</>;
  if (type === 'JSON')
    return (
      <Typography.Text code dir="ltr">
        {JSON.stringify(value)}
      </Typography.Text>
    );
  return <Ltr>{String(value)}</Ltr>;
}

/** The form's text of a value: JSON is edited as text, every other type as itself. */
export const toFormValue = (type: ConfigItemType, value: ConfigValue | null) =>
  type === 'JSON' && value !== null ? JSON.stringify(value, null, 2) : value;

/** The value the form holds, as the API takes it; undefined when JSON text does not parse. */
export function fromFormValue(type: ConfigItemType, value: unknown): ConfigValue | undefined {
  if (type !== 'JSON') return value as ConfigValue;
  try {
    return JSON.parse(String(value)) as ConfigValue;
  } catch {
    return undefined;
  }
}

/** The value's editor for the item's type. */
export function ValueInput({
  id,
  type,
  allowed,
  value,
  onChange,
  placeholder,
}: {
  id?: string;
  type: ConfigItemType;
  allowed?: string[] | undefined;
  value?: unknown;
  onChange?: (v: unknown) => void;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  const label = t(`${p}.fields.value`);
  switch (type) {
    case 'INTEGER':
    case 'DECIMAL':
      return (
        <InputNumber
          id={id}
          aria-label={label}
          style={{ width: 220 }}
          value={value as number | undefined}
          onChange={(v) => onChange?.(v ?? undefined)}
          step={type === 'INTEGER' ? 1 : 0.01}
          placeholder={placeholder}
        />
      );
    case 'BOOLEAN':
      return <Switch id={id} aria-label={label} checked={value === true} onChange={(v) => onChange?.(v)} />;
    case 'ENUM':
      return (
        <Select
          id={id}
          aria-label={label}
          style={{ maxWidth: 320 }}
          value={value as string | undefined}
          onChange={(v) => onChange?.(v)}
          options={(allowed ?? []).map((a) => ({ value: a, label: a }))}
          placeholder={placeholder}
        />
      );
    case 'JSON':
      return (
        <Input.TextArea
          id={id}
          aria-label={label}
          dir="ltr"
          rows={6}
          value={value as string | undefined}
          onChange={(e) => onChange?.(e.target.value)}
          placeholder={placeholder}
        />
      );
    default:
      return (
        <Input
          id={id}
          aria-label={label}
          dir="ltr"
          value={value as string | undefined}
          onChange={(e) => onChange?.(e.target.value)}
          placeholder={placeholder ?? (type === 'DURATION' ? 'PT30S, PT15M, P30D' : undefined)}
        />
      );
  }
}

/** What changed from one version to the next: JSON field by field, any other value before → after. */
export function VersionDiff({
  item,
  before,
  after,
}: {
  item: Pick<ConfigItem, 'type' | 'secret'>;
  before: ConfigValue | null | undefined;
  after: ConfigValue | null;
}) {
  const { t } = useTranslation();
  const { lang } = useLang();
  if (before === undefined)
    return <Typography.Text type="secondary">{t(`${p}.firstVersion`)}</Typography.Text>;
  if (item.secret) return <Typography.Text type="secondary">{t(`${p}.secretChanged`)}</Typography.Text>;
  if (item.type === 'JSON') return <ChangeDiff before={before} after={after} />;
  return (
    <span data-testid="version-diff">
      <span className="diff-before">
        <ValueText value={before} secret={false} type={item.type} />
      </span>
      {lang === 'ar' ? ' ← ' : ' → '}
      <span className="diff-after">
        <ValueText value={after} secret={false} type={item.type} />
      </span>
    </span>
  );
}
