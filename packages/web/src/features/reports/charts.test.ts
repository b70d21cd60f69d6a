import type { Report } from '@loyalty/contracts';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { chartOf, readersColumns } from './charts.ts';

describe('readersColumns', () => {
  it('shows a name given in both languages in the reader’s, under its plain title', () => {
    const activity = ['transactionType', 'transactionTypeAr', 'code', 'channel', 'kind', 'entries'];
    expect(readersColumns(activity, 'en').map((c) => c.key)).toEqual([
      'transactionType',
      'code',
      'channel',
      'kind',
      'entries',
    ]);
    expect(readersColumns(activity, 'ar')).toEqual([
      { key: 'transactionTypeAr', title: 'transactionType' },
      { key: 'code', title: 'code' },
      { key: 'channel', title: 'channel' },
      { key: 'kind', title: 'kind' },
      { key: 'entries', title: 'entries' },
    ]);
    // An English twin named …En.
    expect(readersColumns(['categoryEn', 'categoryAr', 'received'], 'ar')).toEqual([
      { key: 'categoryAr', title: 'category' },
      { key: 'received', title: 'received' },
    ]);
    expect(readersColumns(['categoryEn', 'categoryAr', 'received'], 'en')[0]).toEqual({
      key: 'categoryEn',
      title: 'category',
    });
  });
});

describe('chartOf activity', () => {
  it('names each bar’s transaction type in the reader’s language', () => {
    const report = {
      name: 'activity',
      columns: ['transactionType', 'transactionTypeAr', 'channel', 'kind', 'pointsIn', 'pointsOut'],
      rows: [
        {
          transactionType: 'Card purchase',
          transactionTypeAr: 'شراء بالبطاقة',
          channel: 'POS',
          kind: 'EARN',
          pointsIn: 5,
          pointsOut: 0,
        },
      ],
    } as unknown as Report;
    const t = ((key: string) => key) as unknown as TFunction;
    expect(chartOf('activity', report, t, 'ar')?.labels?.[0]).toMatch(/^شراء بالبطاقة · /);
    expect(chartOf('activity', report, t, 'en')?.labels?.[0]).toMatch(/^Card purchase · /);
  });
});
