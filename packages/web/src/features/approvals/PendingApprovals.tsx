import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../components/Badge.tsx';
import { Tooltip } from '../../components/Tooltip.tsx';
import { useMakerCheckerCatalog } from '../../components/useMakerChecker.ts';
import { useLangNavigate } from '../../i18n/lang.ts';
import { useCan } from '../../state/me.ts';
import { approvalsApi, approvalsKey } from './api.ts';

/**
 * The layout header's maker-checker corner: requests waiting for me (inbox) and my own waiting
 * ones, each a link to its screen. Also keeps the makerChecker slice loaded for the session.
 */
export function PendingApprovals() {
  const { t } = useTranslation();
  const navigate = useLangNavigate();
  const can = useCan();
  const checkerPermission = useMakerCheckerCatalog().data?.config.checkerPermission;
  const counts = useQuery({
    queryKey: [approvalsKey, 'pending-count'],
    queryFn: ({ signal }) => approvalsApi.pendingCount(signal),
    refetchInterval: 60_000,
    retry: false,
  });
  if (!counts.data) return null;
  const { inbox, mine } = counts.data;
  return (
    <>
      {checkerPermission && can(checkerPermission) && (
        <Tooltip title={t('approvals.header.inbox', { count: inbox })}>
          <Badge count={inbox} data-testid="pending-inbox">
            <Button type="text" onClick={() => navigate('/dashboard/Approvals')}>
              {t('routes.approvals')}
            </Button>
          </Badge>
        </Tooltip>
      )}
      <Tooltip title={t('approvals.header.mine', { count: mine })}>
        <Badge count={mine} color="blue" data-testid="pending-mine">
          <Button type="text" onClick={() => navigate('/dashboard/Requests')}>
            {t('routes.requests')}
          </Button>
        </Badge>
      </Tooltip>
    </>
  );
}
