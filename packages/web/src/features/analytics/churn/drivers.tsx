import type { ChurnFeature, ChurnScore } from '@loyalty/contracts';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatPoints, Ltr, pct } from '../../../components/format.tsx';
import { Tag } from '../../../components/Tag.tsx';

export const bandColor = { HIGH: 'red', MEDIUM: 'orange', LOW: 'green' } as const;

/** A driver's value as staff read it: days and counts whole, money as an amount, shares in %. */
function driverValue(feature: ChurnFeature, value: number): string {
  if (feature === 'spend365') return formatAmount(value);
  if (feature === 'onlineShare') return pct(value);
  return formatPoints(Math.round(value));
}

/** The three features that raise a customer's risk most, with their values. */
export function Drivers({ score }: { score: ChurnScore }) {
  const { t } = useTranslation();
  return (
    <Space size={[4, 4]} wrap>
      {score.drivers.map((d) => (
        <Tag key={d.feature} color={d.contribution > 0 ? 'volcano' : 'default'}>
          {t(`analytics.features.${d.feature}`)}: <Ltr>{driverValue(d.feature, d.value)}</Ltr>
        </Tag>
      ))}
    </Space>
  );
}
