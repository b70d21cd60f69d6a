import {
  customerSegments,
  customerStatuses,
  type OutboundAudienceInput,
  type OutboundPreview,
  parseCustomerCsv,
} from '@loyalty/contracts';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Flex, Form, Segmented } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { Alert } from '../../../components/Alert.tsx';
import { CheckboxGroup } from '../../../components/CheckboxGroup.tsx';
import { FileDrop } from '../../../components/FileDrop.tsx';
import { Input } from '../../../components/Input.tsx';
import { LineList } from '../../../components/LineList.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { fixedChoices } from '../../../components/resource.ts';
import { Select } from '../../../components/Select.tsx';
import { Statistic } from '../../../components/Statistic.tsx';
import { messageText } from '../../../components/zodRules.ts';
import { outboundApi } from './api.ts';

type Kind = OutboundAudienceInput['kind'];
const kinds: Kind[] = ['CUSTOMER', 'LIST', 'FILTER'];
type Filter = Extract<OutboundAudienceInput, { kind: 'FILTER' }>;
const segmentChoices = fixedChoices(customerSegments, 'customers.segments');

/** Where the screen starts: every active customer. */
export const defaultAudience: Filter = { kind: 'FILTER', tierIds: [], segment: null, statuses: ['ACTIVE'] };

/** A file's text (FileReader: what every browser, and the tests' DOM, has). */
const readText = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });

/** Lines of a CSV (or a customer number) that are wrong, as the user reads them. */
function LineErrors({ errors }: { errors: { path: string; message: string }[] }) {
  const { t } = useTranslation();
  if (!errors.length) return null;
  return (
    <LineList
      maxHeight={200}
      items={errors.slice(0, 100)}
      render={(e) => {
        const line = /^audience\.csv\.(\d+)$/.exec(e.path)?.[1];
        const text = messageText(t, e.message);
        return line ? t('messaging.outbound.recipients.line', { line, text }) : text;
      }}
    />
  );
}

/** The recipient count of the audience chosen, or why no one would get the message. */
function RecipientCount({ preview }: { preview: UseQueryResult<OutboundPreview> }) {
  const { t } = useTranslation();
  if (preview.isError) {
    const error = preview.error instanceof ApiError ? preview.error : undefined;
    return (
      <Flex vertical gap={8}>
        <Alert type="error" showIcon title={t(`error.${error?.code ?? 'INTERNAL'}`)} />
        <LineErrors errors={error?.errors ?? []} />
      </Flex>
    );
  }
  return (
    <Statistic
      title={t('messaging.outbound.recipients.count')}
      value={preview.data?.recipients ?? '—'}
      loading={preview.isFetching}
    />
  );
}

/**
 * Who receives the message: one customer (by number), a CSV file of customer numbers (checked
 * line by line in the browser first, with the server's own rules), or an audience of tiers,
 * segment and status. Shows how many customers that is before anything is sent.
 */
export function RecipientsCard({
  audience,
  onChange,
}: {
  audience: OutboundAudienceInput | undefined;
  onChange: (audience: OutboundAudienceInput | undefined) => void;
}) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<Kind>('FILTER');
  const [filter, setFilter] = useState<Filter>(defaultAudience);
  const [fileErrors, setFileErrors] = useState<{ path: string; message: string }[]>([]);
  const [fileName, setFileName] = useState<string>();
  const preview = usePreview(audience);
  const tiers = useQuery({
    queryKey: ['tiers', 'all'],
    queryFn: ({ signal }) => outboundApi.tiers(signal),
  });

  const choose = (next: Kind) => {
    setKind(next);
    setFileErrors([]);
    setFileName(undefined);
    onChange(next === 'FILTER' ? filter : undefined);
  };
  const changeFilter = (change: Partial<Filter>) => {
    const next = { ...filter, ...change };
    setFilter(next);
    onChange(next.statuses?.length ? next : undefined);
  };
  const readFile = async (file: File) => {
    const csv = await readText(file);
    const { errors } = parseCustomerCsv(csv);
    setFileName(file.name);
    setFileErrors(errors.map((e) => ({ path: `audience.csv.${e.line}`, message: e.message })));
    onChange(errors.length ? undefined : { kind: 'LIST', csv, fileName: file.name });
  };

  return (
    <Panel title={t('messaging.outbound.recipients.title')}>
      <Flex vertical gap={16}>
        <Segmented<Kind>
          block
          aria-label={t('messaging.outbound.recipients.title')}
          value={kind}
          onChange={choose}
          options={kinds.map((k) => ({ value: k, label: t(`messaging.outbound.recipients.kinds.${k}`) }))}
        />
        <Form layout="vertical" component="div">
          {kind === 'CUSTOMER' && (
            <Form.Item
              label={t('messaging.outbound.recipients.customerNumber')}
              htmlFor="recipients_customer"
            >
              <Input.Search
                id="recipients_customer"
                dir="ltr"
                allowClear
                enterButton={t('messaging.outbound.recipients.find')}
                onSearch={(v) =>
                  onChange(v.trim() ? { kind: 'CUSTOMER', customerNumber: v.trim() } : undefined)
                }
              />
            </Form.Item>
          )}
          {kind === 'LIST' && (
            <Form.Item
              label={t('messaging.outbound.recipients.file')}
              extra={t('messaging.outbound.recipients.fileHelp')}
            >
              <FileDrop
                accept=".csv,text/csv,text/plain"
                fileName={fileName}
                prompt={t('messaging.outbound.recipients.chooseFile')}
                onFile={(file) => void readFile(file)}
              />
            </Form.Item>
          )}
          {kind === 'FILTER' && (
            <>
              <Form.Item label={t('messaging.outbound.recipients.tiers')} htmlFor="recipients_tiers">
                <Select
                  id="recipients_tiers"
                  mode="multiple"
                  allowClear
                  loading={tiers.isPending}
                  placeholder={t('messaging.outbound.recipients.anyTier')}
                  value={filter.tierIds}
                  options={tiers.data?.items.map((tier) => ({ value: tier.id, label: tier.name }))}
                  onChange={(tierIds: number[]) => changeFilter({ tierIds })}
                />
              </Form.Item>
              <Form.Item label={t('customers.fields.segment')} htmlFor="recipients_segment">
                <Select
                  id="recipients_segment"
                  allowClear
                  placeholder={t('messaging.outbound.recipients.anySegment')}
                  value={filter.segment ?? undefined}
                  options={segmentChoices.map((c) => ({ value: c.value, label: t(c.label) }))}
                  onChange={(segment?: NonNullable<Filter['segment']>) =>
                    changeFilter({ segment: segment ?? null })
                  }
                />
              </Form.Item>
              <Form.Item label={t('customers.fields.status')}>
                <CheckboxGroup
                  value={filter.statuses}
                  options={customerStatuses.map((s) => ({ value: s, label: t(`customers.statuses.${s}`) }))}
                  onChange={(statuses) => changeFilter({ statuses })}
                />
              </Form.Item>
            </>
          )}
        </Form>
        {fileErrors.length > 0 ? (
          <Flex vertical gap={8}>
            <Alert type="error" showIcon title={t('error.CSV_INVALID')} />
            <LineErrors errors={fileErrors} />
          </Flex>
        ) : (
          audience && <RecipientCount preview={preview} />
        )}
      </Flex>
    </Panel>
  );
}

/** The recipient count of an audience, shared with the page (the send button needs it). */
export function usePreview(audience: OutboundAudienceInput | undefined) {
  return useQuery({
    queryKey: ['outbound-messages', 'preview', audience],
    queryFn: ({ signal }) => outboundApi.preview(audience as OutboundAudienceInput, signal),
    enabled: audience !== undefined,
    retry: false,
  });
}
