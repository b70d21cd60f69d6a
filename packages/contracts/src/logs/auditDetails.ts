/**
 * The fixed wordings the server writes as an audit entry's detail, in both languages. An entry
 * keeps the English as written (entries are hash-chained); the screens show it in the user's
 * language. A detail may join several with "; " ("wrong password; account locked"); `{at}` stands
 * for a moment, written as ISO 8601.
 */
export const auditDetails = {
  unknownUsername: { en: 'unknown username', ar: 'اسم مستخدم غير معروف' },
  accountDisabled: { en: 'account disabled', ar: 'الحساب معطّل' },
  accountLocked: { en: 'account locked', ar: 'الحساب مقفل' },
  accountLockedSessionsEnded: { en: 'account locked, sessions ended', ar: 'الحساب مقفل، وأُنهيت جلساته' },
  wrongPassword: { en: 'wrong password', ar: 'كلمة مرور خاطئة' },
  wrongCurrentPassword: { en: 'wrong current password', ar: 'كلمة المرور الحالية خاطئة' },
  wrongSecondFactor: { en: 'wrong second factor', ar: 'رمز العامل الثاني خاطئ' },
  wrongEnrolmentCode: { en: 'wrong enrolment code', ar: 'رمز تسجيل العامل الثاني خاطئ' },
  replacingWithoutCode: { en: 'replacing without a valid code', ar: 'استبدال العامل الثاني دون رمز صالح' },
  withSecondFactor: { en: 'with second factor', ar: 'بعامل ثانٍ' },
  lockedUntil: { en: 'until {at}', ar: 'حتى {at}' },
  untilUnlocked: { en: 'until unlocked', ar: 'حتى يفتحه مسؤول' },
  missingPermission: { en: 'missing permission', ar: 'دون الصلاحية اللازمة' },
  accountHasNoEmail: { en: 'account has no e-mail', ar: 'لا بريد إلكتروني للحساب' },
  noSuchAccount: { en: 'no such account', ar: 'لا يوجد حساب كهذا' },
  passwordLink: { en: 'password link', ar: 'رابط تعيين كلمة المرور' },
  firstAdministratorSecondFactor: {
    en: 'automatic: the first administrator enrolled a second factor',
    ar: 'تلقائيًا: سجّل أول مسؤول عاملًا ثانيًا',
  },
} as const satisfies Record<string, { en: string; ar: string }>;
export type AuditDetailKey = keyof typeof auditDetails;

/** The detail the server writes: the wording's English, with the moment when it names one. */
export const auditDetail = (key: AuditDetailKey, at?: Date) =>
  auditDetails[key].en.replace('{at}', at?.toISOString() ?? '');

const isoMoment = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;
/** Each wording with its English before and after its moment (`after` undefined: it names none). */
const wordings = Object.values(auditDetails).map((wording) => {
  const [before, after] = wording.en.split('{at}') as [string, string?];
  return { wording, before, after };
});

/**
 * A detail in `lang` when every part of it is a fixed wording (`formatAt` writes a moment);
 * null when some part is not (an error's own message, an e-mail address): it is shown as written.
 */
export function localAuditDetail(
  text: string,
  lang: 'en' | 'ar',
  formatAt: (iso: string) => string,
): string | null {
  const parts = text.split('; ').map((part) => {
    for (const { wording, before, after } of wordings) {
      if (after === undefined) {
        if (part === before) return wording[lang];
      } else if (part.startsWith(before) && part.endsWith(after)) {
        const at = part.slice(before.length, part.length - after.length);
        if (isoMoment.test(at)) return wording[lang].replace('{at}', formatAt(at));
      }
    }
    return null;
  });
  return parts.includes(null) ? null : parts.join(lang === 'ar' ? '؛ ' : '; ');
}
