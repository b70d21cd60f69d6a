import { Flex } from 'antd';
import type { ReactNode } from 'react';
import { PlaceholderList } from './PlaceholderList.tsx';

/** A template's form with the documented placeholders beside it. */
export function TemplateFormLayout({ children }: { children: ReactNode }) {
  return (
    <Flex gap={16} align="start" wrap>
      <div style={{ flex: '1 1 560px', minWidth: 0 }}>{children}</div>
      <div style={{ flex: '0 1 320px' }}>
        <PlaceholderList />
      </div>
    </Flex>
  );
}
