import { commandLabel, localText } from '@loyalty/contracts';
import { useCallback } from 'react';
import { useLang } from '../i18n/lang.ts';
import { useAppSelector } from '../state/store.ts';

// Apart from useMakerChecker.ts: the command names (every command's summary, hence every contract
// module) load with the screens that show services, not with the layout's header (issue 24).
/** A service's name in the user's language (its command name until the catalogue is loaded). */
export function useServiceName(): (serviceId: string) => string {
  const { lang } = useLang();
  const services = useAppSelector((s) => s.makerChecker.services);
  return useCallback(
    (serviceId) => {
      const service = services[serviceId] as { nameEn?: string; nameAr?: string } | undefined;
      // A service not in the catalogue (gone, or not approvable) still reads as words.
      return service?.nameEn
        ? localText(service.nameEn, service.nameAr, lang)
        : commandLabel(serviceId, lang);
    },
    [lang, services],
  );
}
