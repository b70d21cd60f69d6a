import { MailOutlined } from '@ant-design/icons';
import type { Replay } from '@loyalty/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { ExportButton } from '../../components/ExportButton.tsx';
import { Select } from '../../components/Select.tsx';
import { useLang } from '../../i18n/lang.ts';
import { useCan } from '../../state/me.ts';
import { useToast } from '../../state/useToast.ts';
import { replaysApi } from './api.ts';

/**
 * A finished replay's figures downloaded (CSV, XLSX: the reports' writer) or e-mailed as a file to
 * staff who may replay and read what is replayed, like a scheduled report.
 */
export function ReplayShare({ replay }: { replay: Replay }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const can = useCan();
  const toast = useToast();
  const [to, setTo] = useState<number[]>([]);
  const mayMail = can('replay.email');
  const recipients = useQuery({
    queryKey: ['replays', replay.id, 'recipients'],
    queryFn: ({ signal }) => replaysApi.recipients(replay.id, signal),
    enabled: mayMail,
  });
  const send = useMutation({
    mutationFn: () => replaysApi.email(replay.id, { format: 'xlsx', recipientIds: to }),
    onSuccess: () => {
      toast.success(t('replays.email.sent'));
      setTo([]);
    },
    onError: (e) =>
      toast.error(t('replays.email.failed'), e instanceof ApiError ? t(`error.${e.code}`) : undefined),
  });
  return (
    <Flex gap={8} wrap align="center" data-testid="replay-share">
      <ExportButton endpoint={replaysApi.url(replay.id)} query={{}} name={`replay-${replay.id}`} />
      {mayMail && (
        <>
          <Select
            mode="multiple"
            allowClear
            style={{ minWidth: 260 }}
            placeholder={t('replays.email.recipients')}
            aria-label={t('replays.email.recipients')}
            value={to}
            onChange={(v) => setTo((Array.isArray(v) ? v : []).map(Number))}
            loading={recipients.isLoading}
            options={(recipients.data ?? []).map((u) => ({
              value: u.id,
              label: lang === 'ar' && u.fullNameAr ? u.fullNameAr : u.fullName,
            }))}
          />
          <Button
            icon={<MailOutlined />}
            disabled={!to.length}
            loading={send.isPending}
            onClick={() => send.mutate()}
            data-testid="replay-email"
          >
            {t('replays.email.send')}
          </Button>
        </>
      )}
    </Flex>
  );
}
