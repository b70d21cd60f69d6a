import { useTranslation } from 'react-i18next';
import { Alert } from './Alert.tsx';
import { useNeedsApproval } from './useMakerChecker.ts';

/** Tells a form's user that saving goes to a checker first (shown only when it does). */
export function ApprovalNotice({ serviceId }: { serviceId: string | undefined }) {
  const { t } = useTranslation();
  if (!useNeedsApproval(serviceId)) return null;
  return (
    <Alert
      data-testid="approval-notice"
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      title={t('approvals.notice.title')}
      description={t('approvals.notice.text')}
    />
  );
}
