import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../components/format.tsx';
import { LangLink } from '../../components/LangLink.tsx';
import { Panel } from '../../components/Panel.tsx';
import { Statistic } from '../../components/Statistic.tsx';
import { Typography } from '../../components/Typography.tsx';

/** Percent change from `previous` to `value`; undefined when there is nothing to compare with. */
export function change(value: number | null, previous: number | null | undefined): number | undefined {
  if (value === null || previous === null || previous === undefined) return undefined;
  if (previous === 0) return value === 0 ? 0 : undefined;
  return ((value - previous) / Math.abs(previous)) * 100;
}

/**
 * One figure of the dashboard: its title, value, what it is, and how it moved against the previous
 * period (green when it moved the good way); the whole card links to the screen behind it.
 */
export function KpiCard({
  id,
  title,
  value,
  suffix,
  previous,
  better = 'up',
  note,
  to,
}: {
  id: string;
  title: string;
  value: ReactNode;
  suffix?: string;
  /** The value's change in percent against the previous period. */
  previous?: number | undefined;
  /** Which way is good news (coloured green); `neutral` for figures that are neither. */
  better?: 'up' | 'down' | 'neutral';
  note?: ReactNode;
  to: string;
}) {
  const { t } = useTranslation();
  const moved = previous === undefined ? undefined : Math.round(previous * 10) / 10;
  const good =
    moved === undefined || moved === 0 || better === 'neutral' ? undefined : moved > 0 === (better === 'up');
  return (
    <LangLink to={to} data-testid={`kpi-${id}`} style={{ display: 'block', height: '100%' }}>
      <Panel hoverable size="small" style={{ height: '100%' }}>
        <Statistic title={title} value={value as string} suffix={suffix} />
        <Flex gap={6} align="center" wrap style={{ minHeight: 22 }}>
          {moved !== undefined && (
            <Typography.Text type={good === undefined ? 'secondary' : good ? 'success' : 'danger'}>
              {moved > 0 ? <ArrowUpOutlined /> : moved < 0 ? <ArrowDownOutlined /> : null}{' '}
              <Ltr>{`${Math.abs(moved).toFixed(1)}%`}</Ltr>
            </Typography.Text>
          )}
          <Typography.Text type="secondary">
            {moved !== undefined ? t('dashboard.vsPrevious') : note}
          </Typography.Text>
        </Flex>
        {moved !== undefined && note && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {note}
          </Typography.Text>
        )}
      </Panel>
    </LangLink>
  );
}
