import { describe, expect, it } from 'vitest';
import { tierInput, tierListQuery, tierUpdateInput } from './tiers.ts';

const issues = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  r.error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];

describe('tierInput', () => {
  it('accepts a complete tier with min below max', () => {
    const r = tierInput.safeParse({ name: ' Gold ', description: 'Top', minPoints: 1000, maxPoints: 4999 });
    expect(r.success).toBe(true);
    expect(r.data?.name).toBe('Gold');
  });

  it('asks to fill all fields when anything is missing or blank', () => {
    const r = tierInput.safeParse({ name: '  ', minPoints: null, maxPoints: 10 });
    expect(issues(r)).toEqual(['name:fillAllFields', 'description:fillAllFields', 'minPoints:fillAllFields']);
  });

  it('refuses min points not below max points', () => {
    for (const [minPoints, maxPoints] of [
      [10, 10],
      [11, 10],
    ]) {
      const r = tierInput.safeParse({ name: 'A', description: 'B', minPoints, maxPoints });
      expect(issues(r)).toEqual(['maxPoints:minLessThanMax']);
    }
  });

  it('refuses negative and fractional points', () => {
    expect(tierInput.safeParse({ name: 'A', description: 'B', minPoints: -1, maxPoints: 5 }).success).toBe(
      false,
    );
    expect(tierInput.safeParse({ name: 'A', description: 'B', minPoints: 1.5, maxPoints: 5 }).success).toBe(
      false,
    );
  });

  it('update carries the id', () => {
    const r = tierUpdateInput.safeParse({ id: '7', name: 'A', description: 'B', minPoints: 0, maxPoints: 5 });
    expect(r.data?.id).toBe(7);
  });
});

describe('tierListQuery', () => {
  it('defaults page and size and allow-lists sort fields', () => {
    expect(tierListQuery.parse({})).toMatchObject({ page: 1, pageSize: 10 });
    expect(tierListQuery.parse({ sort: 'minPoints:desc' }).sort).toBe('minPoints:desc');
    expect(tierListQuery.safeParse({ sort: 'password:asc' }).success).toBe(false);
    expect(tierListQuery.safeParse({ pageSize: '1000' }).success).toBe(false);
  });
});
