import { useTranslation } from 'react-i18next';

/** A translated text inside a table cell (column renderers are plain functions, not components). */
export function Translated({ k }: { k: string }) {
  const { t } = useTranslation();
  return t(k);
}
