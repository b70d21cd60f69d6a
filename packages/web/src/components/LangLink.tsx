import { Link, type LinkProps } from 'react-router';
import { useLangTo } from '../i18n/lang.ts';

/** A router link that keeps the current `?lang=`. */
export function LangLink({ to, ...rest }: Omit<LinkProps, 'to'> & { to: string }) {
  const langTo = useLangTo();
  return <Link to={langTo(to)} {...rest} />;
}
