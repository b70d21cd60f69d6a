import { commandLabel } from '@loyalty/contracts';
import { useDataLang } from './localized.tsx';

// Apart from localized.tsx: the command names (every command's summary, hence every contract
// module) load with the screens that show commands, not with every list (issue 24).
/** A command or permission code as words in the user's language; the code stays in the tooltip. */
export function CommandName({ code }: { code: string }) {
  const lang = useDataLang();
  return <span title={code}>{commandLabel(code, lang)}</span>;
}
