import { importResource } from '@loyalty/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { apiGet } from '../../../api/typed.ts';
import { LangLink } from '../../../components/LangLink.tsx';
import { screenLink } from '../../../components/resource.ts';
import { Typography } from '../../../components/Typography.tsx';

/**
 * Under the code source: a SUPPLIED voucher's pool — the partner's codes available and issued —
 * and the way to load more (a voucher-codes import for this voucher). A new voucher is saved first.
 */
export function VoucherPool() {
  const { t } = useTranslation();
  const source = Form.useWatch('codeSource', Form.useFormInstance());
  const id = Number(useParams().id);
  const voucher = useQuery({
    queryKey: ['vouchers', id, 'pool'],
    queryFn: ({ signal }) => apiGet('/api/admin/vouchers/{id}', { path: { id }, signal }),
    enabled: source === 'SUPPLIED' && id > 0,
  });
  if (source !== 'SUPPLIED') return null;
  if (!(id > 0)) {
    return (
      <Typography.Paragraph type="secondary" data-testid="voucher-pool">
        {t('rewards.vouchers.poolAfterSave')}
      </Typography.Paragraph>
    );
  }
  const link = `${screenLink(importResource, 'create')}?kind=VOUCHER_CODES&voucherId=${id}`;
  return (
    <Typography.Paragraph data-testid="voucher-pool">
      {voucher.data &&
        t('rewards.vouchers.pool', { available: voucher.data.remaining, issued: voucher.data.issued })}{' '}
      <LangLink to={link}>{t('rewards.vouchers.importCodes')}</LangLink>
    </Typography.Paragraph>
  );
}
