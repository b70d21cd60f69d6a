import type { Tunable } from '../../platform/settings/registry.ts';
import { signInAttemptsKey } from '../../platform/settings/signIn.ts';

/** Sign-in protection (SystemConfigurations, bundle signIn), read by platform/auth's routes. */
export const securityTunables: Tunable[] = [
  {
    key: signInAttemptsKey,
    bundle: {
      code: 'signIn',
      nameEn: 'Sign-in protection',
      nameAr: 'حماية تسجيل الدخول',
      descriptionEn: 'Limits on sign-in and password attempts, per client address and minute.',
      descriptionAr: 'حدود محاولات تسجيل الدخول وكلمة المرور لكل عنوان عميل في الدقيقة.',
    },
    type: 'INTEGER',
    validation: { min: 1, max: 10_000 },
    descriptionEn:
      'Sign-in, second-factor and password requests allowed per client address and minute; more are answered "too many attempts".',
    descriptionAr:
      'عدد طلبات تسجيل الدخول والعامل الثاني وكلمة المرور المسموح بها لكل عنوان عميل في الدقيقة؛ وما زاد يُرفض بـ"محاولات كثيرة".',
    // The environment's LOGIN_RATE_LIMIT_PER_MINUTE seeds it at first start; the item rules after.
    initial: (env) => env.loginRateLimitPerMinute,
  },
];
