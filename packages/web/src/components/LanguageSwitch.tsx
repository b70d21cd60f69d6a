import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LANG_PARAM, LANGS, type Lang, useLang } from '../i18n/lang.ts';
import { Segmented } from './plain.tsx';

/** EN / عربي: rewrites `?lang=` on the current URL, keeping everything else. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const [, setParams] = useSearchParams();
  return (
    <Segmented<Lang>
      label={t('language.label')}
      value={lang}
      options={LANGS.map((value) => ({ value, label: t(`language.${value}`) }))}
      onChange={(value) =>
        setParams((params) => {
          params.set(LANG_PARAM, value);
          return params;
        })
      }
    />
  );
}
