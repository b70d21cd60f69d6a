import { ConfigProvider } from 'antd';

/**
 * A field's `disabled`, else its form's: antd's Form hands `disabled` down by context to its own
 * inputs, and to ours (a locked campaign's or a system role's form shows every field disabled).
 */
export function useFieldDisabled(disabled: boolean | undefined): boolean {
  const { componentDisabled } = ConfigProvider.useConfig();
  return disabled ?? componentDisabled ?? false;
}
