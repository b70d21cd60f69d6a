import type { FormProps } from 'antd';

type FailedSubmit = Parameters<NonNullable<FormProps['onFinishFailed']>>[0];

/** The first message of a refused submission (antd's `onFinishFailed`): the one a form toasts. */
export const firstFormError = (errorFields: FailedSubmit['errorFields']): string | undefined =>
  errorFields.find((f) => f.errors.length > 0)?.errors[0];
