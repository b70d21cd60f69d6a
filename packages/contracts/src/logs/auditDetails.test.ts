import { describe, expect, it } from 'vitest';
import { auditDetail, auditDetails, localAuditDetail } from './auditDetails.ts';

const at = (iso: string) => `<${iso}>`;

describe('audit details in the user’s language', () => {
  it('translates each fixed wording of a detail, and the moment it names', () => {
    const locked = `${auditDetail('wrongPassword')}; ${auditDetail('accountLocked')}`;
    expect(locked).toBe('wrong password; account locked');
    expect(localAuditDetail(locked, 'ar', at)).toBe('كلمة مرور خاطئة؛ الحساب مقفل');
    expect(localAuditDetail(locked, 'en', at)).toBe(locked);
    const until = auditDetail('lockedUntil', new Date('2026-12-03T10:15:00Z'));
    expect(until).toBe('until 2026-12-03T10:15:00.000Z');
    expect(localAuditDetail(until, 'ar', at)).toBe('حتى <2026-12-03T10:15:00.000Z>');
    expect(localAuditDetail('until unlocked', 'ar', at)).toBe(auditDetails.untilUnlocked.ar);
  });

  it('leaves a detail with any other text as written', () => {
    expect(localAuditDetail('wrong password; smtp timeout', 'ar', at)).toBeNull();
    expect(localAuditDetail('until tomorrow', 'ar', at)).toBeNull();
    expect(localAuditDetail('PUT /api/admin/tiers/:id', 'ar', at)).toBeNull();
  });

  it('has Arabic for every wording, naming the same moment', () => {
    for (const [key, { en, ar }] of Object.entries(auditDetails)) {
      expect(ar, key).toMatch(/[\u0600-\u06FF]/);
      expect(ar.includes('{at}'), key).toBe(en.includes('{at}'));
    }
  });
});
