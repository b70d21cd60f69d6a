import { useTranslation } from 'react-i18next';

/** Text the server wrote in English that has no translation, shown as written and marked as English. */
export function AsWritten({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <span lang="en" dir="ltr" title={t('logs.serverText')}>
      {text}
    </span>
  );
}
