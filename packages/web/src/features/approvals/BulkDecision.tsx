import type { ApprovalBulkItem } from '@loyalty/contracts';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LineList } from '../../components/LineList.tsx';
import { Modal } from '../../components/Modal.tsx';
import { ReasonModal } from '../../components/ReasonModal.tsx';
import { Tag } from '../../components/Tag.tsx';
import { Typography } from '../../components/Typography.tsx';
import { useDecisions } from './useDecisions.ts';

/** Approve or reject the selected requests; each is decided on its own and its outcome listed. */
export function BulkDecision({ ids, onDone }: { ids: number[]; onDone: (decided: number[]) => void }) {
  const { t } = useTranslation();
  const decisions = useDecisions();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [results, setResults] = useState<ApprovalBulkItem[] | undefined>();

  const decide = async (action: 'approve' | 'reject', reason?: string) => {
    setAsking(false);
    setBusy(true);
    const outcome = await decisions.bulk(action, ids, reason);
    setBusy(false);
    if (outcome.length) {
      setResults(outcome);
      onDone(outcome.map((r) => r.id));
    }
  };

  return (
    <Flex gap={8} align="center" style={{ marginBottom: 16 }}>
      <Typography.Text>{t('approvals.bulk.selected', { count: ids.length })}</Typography.Text>
      <Button type="primary" disabled={!ids.length} loading={busy} onClick={() => void decide('approve')}>
        {t('approvals.bulk.approve')}
      </Button>
      <Button danger disabled={!ids.length} loading={busy} onClick={() => setAsking(true)}>
        {t('approvals.bulk.reject')}
      </Button>
      <ReasonModal
        open={asking}
        title={t('approvals.bulk.reject')}
        onOk={(reason) => void decide('reject', reason)}
        onCancel={() => setAsking(false)}
      />
      <Modal
        open={results !== undefined}
        title={t('approvals.bulk.results')}
        footer={null}
        onCancel={() => setResults(undefined)}
      >
        <LineList
          data-testid="bulk-results"
          items={results ?? []}
          render={(r) => (
            <Flex justify="space-between" style={{ width: '100%' }} gap={8}>
              <span>#{r.id}</span>
              <span>
                <Tag color={r.ok ? 'green' : 'red'}>
                  {t(r.ok ? 'approvals.bulk.ok' : 'approvals.bulk.failed')}
                </Tag>
                {r.status && t(`approvals.status.${r.status}`)}
                {r.code && ` — ${t(`error.${r.code}`)}`}
              </span>
            </Flex>
          )}
        />
      </Modal>
    </Flex>
  );
}
