import { useTranslation } from 'react-i18next';
import { PlainButton, ProblemPanel } from '../../components/plain.tsx';

/** Shown when a page throws while rendering (page-load failures have their own screen). */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <ProblemPanel
      tone="error"
      title={t('msg.somethingWentWrong')}
      text={t('common.unexpectedError')}
      action={
        <PlainButton primary onClick={() => window.location.reload()}>
          {t('common.retry')}
        </PlainButton>
      }
    />
  );
}
