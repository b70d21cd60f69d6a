import type { TFunction } from 'i18next';

/** How long ago a message arrived, in the largest whole unit: "45 min", "5 h", "3 d". */
export function ageOf(iso: string, t: TFunction, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - new Date(iso).getTime()) / 60_000));
  if (minutes < 60) return t('messaging.age.minutes', { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t('messaging.age.hours', { count: hours });
  return t('messaging.age.days', { count: Math.floor(hours / 24) });
}
