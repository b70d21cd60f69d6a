import { useTranslation } from 'react-i18next';
import { LangLink } from '../components/LangLink.tsx';
import type { MenuItem } from './menu.ts';
import './siderNav.css';

const Entry = ({ item, selected }: { item: MenuItem; selected: string }) => (
  <li>
    <LangLink to={item.key} aria-current={item.key === selected ? 'page' : undefined}>
      {item.label}
    </LangLink>
  </li>
);

/**
 * The sider's menu: links in a `nav`, each area a native disclosure (`details`) — what antd's
 * `Menu` did here, in its dark look, without its 15 KB (issue 24), and read by screen readers as
 * the navigation it is rather than as an application menu. The current screen's area starts open
 * and its entry is marked `aria-current="page"`.
 */
export function SiderNav({ items, selected, open }: { items: MenuItem[]; selected: string; open?: string }) {
  const { t } = useTranslation();
  return (
    <nav className="sider-nav" aria-label={t('menu.label')}>
      <ul>
        {items.map((item) =>
          item.children ? (
            <li key={item.key}>
              {/* Open for the screen's area, closed again when a screen of another area opens;
                  an area the user opened stays open. */}
              <details open={item.key === open || undefined}>
                <summary>{item.label}</summary>
                <ul>
                  {item.children.map((child) => (
                    <Entry key={child.key} item={child} selected={selected} />
                  ))}
                </ul>
              </details>
            </li>
          ) : (
            <Entry key={item.key} item={item} selected={selected} />
          ),
        )}
      </ul>
    </nav>
  );
}
