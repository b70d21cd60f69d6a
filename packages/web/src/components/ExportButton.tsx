import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, type Query } from '../api/client.ts';
import { downloadFile, type ExportFormat } from '../api/download.ts';
import type { ApiUrl, ExportablePath } from '../api/typed.ts';
import { useAppSelector } from '../state/store.ts';
import { useDataLoading } from '../state/useDataLoading.ts';
import { useToast } from '../state/useToast.ts';
import './exportMenu.css';

const FORMATS: readonly ExportFormat[] = ['csv', 'xlsx'];
const entries = (menu: HTMLElement | null) => [
  ...(menu?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []),
];

/**
 * Export (CSV / Excel) of a list: every row matching the list's current search, filters and sort,
 * downloaded from `<endpoint>/export` behind the loading overlay; a refusal is toasted.
 */
export function ExportButton({
  endpoint,
  query,
  name,
}: {
  /** A documented list with an export, or a URL made from one (apiUrl, resourceEndpoint). */
  endpoint: ExportablePath | ApiUrl;
  query: Query;
  name: string;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const withOverlay = useDataLoading();
  const token = useAppSelector((s) => s.auth.token);
  const [busy, setBusy] = useState(false);

  const download = async (format: ExportFormat) => {
    setBusy(true);
    try {
      await withOverlay(() => downloadFile(`${endpoint}/export`, query, token, `${name}.${format}`, format));
    } catch (e) {
      const code = e instanceof ApiError ? e.code : 'INTERNAL';
      toast.error(t('common.exportFailed'), t(`error.${code}`, { defaultValue: '' }) || undefined);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ExportMenu
      label={t('common.export')}
      busy={busy}
      testId={`${name}-export`}
      items={FORMATS.map((format) => ({
        key: format,
        label: t(format === 'csv' ? 'common.exportCsv' : 'common.exportXlsx'),
      }))}
      onPick={(format) => void download(format)}
    />
  );
}

/**
 * A button and its menu of formats (an export, a report's run in the background), after WAI-ARIA's
 * menu button: the arrows move between the formats, Escape closes and goes back to the button, a
 * click elsewhere closes. Drawn here rather than with antd's Dropdown, which brings its Menu with
 * it (18 KB on every list, issue 24).
 */
export function ExportMenu<K extends string>(props: {
  label: string;
  busy: boolean;
  testId: string;
  /** The button's icon: the download arrow unless told. */
  icon?: ReactNode;
  primary?: boolean;
  items: { key: K; label: string }[];
  onPick: (key: K) => void;
}) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const box = useRef<HTMLSpanElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    entries(box.current)[0]?.focus();
    const outside = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const all = entries(box.current);
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    const focus = (i: number) => all[(i + all.length) % all.length]?.focus();
    if (e.key === 'Escape') close();
    else if (e.key === 'Tab') setOpen(false);
    else if (e.key === 'ArrowDown') focus(at + 1);
    else if (e.key === 'ArrowUp') focus(at - 1);
    else if (e.key === 'Home') focus(0);
    else if (e.key === 'End') focus(all.length - 1);
    else return;
    if (e.key !== 'Tab') e.preventDefault();
  };

  return (
    <span ref={box} className="export-menu">
      <Button
        ref={trigger}
        icon={props.icon ?? <DownloadOutlined />}
        type={props.primary ? 'primary' : 'default'}
        loading={props.busy}
        data-testid={props.testId}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        {props.label}
      </Button>
      {open && (
        <div
          id={menuId}
          role="menu"
          aria-label={props.label}
          className="export-menu-list"
          onKeyDown={onKeyDown}
        >
          {props.items.map((item) => (
            <button
              key={item.key}
              type="button"
              role="menuitem"
              tabIndex={-1}
              onClick={() => {
                close();
                props.onPick(item.key);
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </span>
  );
}
