import { Checkbox } from 'antd';
import type { CheckboxGroupProps } from 'antd/es/checkbox';

type Props<T> = CheckboxGroupProps<T> & { 'aria-required'?: unknown };

/**
 * antd's checkbox group in a form: a required Form.Item gives its control `aria-required`, which
 * ARIA does not allow on a group of checkboxes (axe: aria-allowed-attr). The label's asterisk and
 * the rule's message say it instead.
 */
export function CheckboxGroup<T>({ 'aria-required': _required, ...props }: Props<T>) {
  return <Checkbox.Group<T> role="group" {...props} />;
}
