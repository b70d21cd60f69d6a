import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { LanguageSwitch } from '../../components/LanguageSwitch.tsx';

/** The centred card of the public screens: sign-in, forgotten and changed passwords. */
export function PublicCard({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <main style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f5f5f5' }}>
      <Card style={{ width: 400, maxWidth: '100vw' }}>
        <Flex justify="space-between" align="center">
          <Typography.Title level={3} style={{ margin: 0 }}>
            {title}
          </Typography.Title>
          <LanguageSwitch />
        </Flex>
        {subtitle && <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph>}
        {children}
      </Card>
    </main>
  );
}
