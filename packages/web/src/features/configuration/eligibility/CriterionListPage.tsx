import {
  type EligibilityCheck,
  eligibilityCheckQuery,
  eligibilityCriterionResource,
  eligibilityScopes,
} from '@loyalty/contracts';
import { useQuery } from '@tanstack/react-query';
import { Flex, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client.ts';
import { apiGet } from '../../../api/typed.ts';
import { Alert } from '../../../components/Alert.tsx';
import { DataTable } from '../../../components/DataTable.tsx';
import { Descriptions } from '../../../components/Descriptions.tsx';
import { Ltr } from '../../../components/format.tsx';
import { Input } from '../../../components/Input.tsx';
import { Panel } from '../../../components/Panel.tsx';
import { ResourceTable } from '../../../components/ResourceTable.tsx';
import { Tag } from '../../../components/Tag.tsx';
import { Typography } from '../../../components/Typography.tsx';
import { useLang } from '../../../i18n/lang.ts';
import { CriterionRule, eligibilityCriterionUi, p, valueChoices } from './eligibility.resource.tsx';

/** The "check a customer" panel: the customer's facts and which active criteria they pass. */
function CheckCustomer() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const [customerNumber, setCustomerNumber] = useState<string>();
  const check = useQuery({
    queryKey: [eligibilityCriterionResource.name, 'check', customerNumber],
    queryFn: ({ signal }): Promise<EligibilityCheck> =>
      apiGet('/api/admin/eligibility-criteria/check', { query: { customerNumber }, signal }),
    enabled: customerNumber !== undefined,
    retry: false,
  });
  const c = check.data;
  const code = (field: keyof typeof valueChoices, v: string | null) => {
    const choice = valueChoices[field];
    return v === null ? '—' : choice ? t(`${choice.prefix}.${v}`) : v;
  };
  return (
    <Panel title={t(`${p}.check.title`)} style={{ marginTop: 16 }} data-testid="eligibility-check">
      <Typography.Paragraph type="secondary">{t(`${p}.check.intro`)}</Typography.Paragraph>
      <Input.Search
        allowClear
        style={{ maxWidth: 360 }}
        placeholder={t(`${p}.check.customerNumber`)}
        aria-label={t(`${p}.check.customerNumber`)}
        enterButton={t(`${p}.check.run`)}
        loading={check.isFetching}
        onSearch={(v) => {
          const parsed = eligibilityCheckQuery.safeParse({ customerNumber: v });
          setCustomerNumber(parsed.success ? parsed.data.customerNumber : undefined);
        }}
      />
      {check.isError && (
        <Alert
          style={{ marginTop: 12 }}
          type="warning"
          showIcon
          title={check.error instanceof ApiError ? t(`error.${check.error.code}`) : t('error.INTERNAL')}
        />
      )}
      {c && (
        <Space orientation="vertical" size="middle" style={{ width: '100%', marginTop: 16 }}>
          <Flex gap={8} wrap align="center">
            <Typography.Text strong>{c.fullName}</Typography.Text>
            <Ltr>{c.customerNumber}</Ltr>
            {eligibilityScopes.map((s) => (
              <Tag key={s} color={c.eligible[s] ? 'green' : 'red'} data-testid={`eligible-${s}`}>
                {t(`${p}.scopes.${s}`)}: {t(`${p}.check.${c.eligible[s] ? 'eligible' : 'notEligible'}`)}
              </Tag>
            ))}
          </Flex>
          <Descriptions size="small" bordered column={{ xs: 1, md: 2, lg: 4 }}>
            <Descriptions.Item label={t(`${p}.fields.segment`)}>
              {code('segment', c.facts.segment)}
            </Descriptions.Item>
            <Descriptions.Item label={t(`${p}.fields.status`)}>
              {code('status', c.facts.status)}
            </Descriptions.Item>
            <Descriptions.Item label={t(`${p}.fields.daysSinceJoining`)}>
              {c.facts.daysSinceJoining}
            </Descriptions.Item>
            <Descriptions.Item label={t(`${p}.fields.age`)}>{c.facts.age ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t(`${p}.fields.nationality`)}>
              {c.facts.nationality ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t(`${p}.fields.residency`)}>
              {code('residency', c.facts.residency)}
            </Descriptions.Item>
            <Descriptions.Item label={t(`${p}.fields.kycLevel`)}>{c.facts.kycLevel ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t(`${p}.fields.product`)}>
              {c.facts.products.length
                ? c.facts.products.map((v) => <Tag key={v}>{code('product', v)}</Tag>)
                : '—'}
            </Descriptions.Item>
          </Descriptions>
          <DataTable
            data-testid="eligibility-check-table"
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={c.results}
            locale={{ emptyText: t(`${p}.check.noCriteria`) }}
            columns={[
              { key: 'scope', title: t(`${p}.fields.scope`), render: (_, r) => t(`${p}.scopes.${r.scope}`) },
              {
                key: 'name',
                title: t(`${p}.fields.name`),
                render: (_, r) => (lang === 'ar' ? r.nameAr : r.nameEn),
              },
              { key: 'rule', title: t(`${p}.fields.rule`), render: (_, r) => <CriterionRule row={r} /> },
              {
                key: 'passes',
                title: t(`${p}.check.result`),
                render: (_, r) => (
                  <Tag color={r.passes ? 'green' : 'red'}>
                    {t(`${p}.check.${r.passes ? 'passes' : 'fails'}`)}
                  </Tag>
                ),
              },
            ]}
          />
        </Space>
      )}
    </Panel>
  );
}

export default function CriterionListPage() {
  return (
    <>
      <ResourceTable resource={eligibilityCriterionUi} />
      <CheckCustomer />
    </>
  );
}
