import {
  type ChangeEvent,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldDisabled } from './fieldDisabled.ts';
import type { FormItemProps } from './Picker.tsx';
import { usePopover } from './popover.ts';
import './select.css';

export type SelectValue = string | number;

export interface SelectOption {
  value: SelectValue;
  label: ReactNode;
  disabled?: boolean;
}

/** What a select's typing does: filter the options by their label (the default), or ask the server. */
export interface SelectSearch {
  /** Filtering is by the label, always (antd's `optionFilterProp: 'label'`). */
  optionFilterProp?: 'label';
  /** `false`: the options are shown as given (the server filters them). */
  filterOption?: false;
  /** The typed text, for a search on the server: the options are then not filtered here. */
  onSearch?: (text: string) => void;
}

export interface SelectProps extends FormItemProps {
  options?: SelectOption[];
  /** `multiple`: several of the options; `tags`: several values, options or typed. */
  mode?: 'multiple' | 'tags';
  /** A value (one of the options' values), or the values in the multiple modes. */
  value?: SelectValue | SelectValue[] | null;
  defaultValue?: SelectValue | SelectValue[] | null;
  // A method, as antd's, so a call site may type its value (`(status?: string) => …`).
  onChange?(
    value: SelectValue | SelectValue[] | undefined,
    option: SelectOption | SelectOption[] | undefined,
  ): void;
  onOpenChange?: (open: boolean) => void;
  placeholder?: string;
  /** A × that empties the field while it has a value. */
  allowClear?: boolean;
  /** Typing always filters the options; `{ onSearch }` hands the text to the server instead. */
  showSearch?: boolean | SelectSearch;
  /** Tags mode: typed text is cut into values at these (`[',', ' ']`). */
  tokenSeparators?: string[];
  loading?: boolean;
  /** `false`: the list is at least as wide as the field, and as wide as its longest option. */
  popupMatchSelectWidth?: boolean;
  className?: string;
}

const asList = (v: SelectProps['value']): SelectValue[] =>
  v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v];

/** An option's label as text: what the input shows and what typing is matched against. */
const labelText = (o: SelectOption | undefined) =>
  typeof o?.label === 'string' || typeof o?.label === 'number' ? String(o.label) : '';

const escaped = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A choice among options (or several, or typed tags) in antd Select's look, after WAI-ARIA's
 * editable combobox with list autocomplete: the field is an `<input role="combobox">` (it takes the
 * `id` and `aria-*` of antd's Form.Item, so the form's label names it), its popup a listbox whose
 * active option is `aria-activedescendant` (the focus stays in the input). Arrows open and move,
 * Home/End, Enter picks (toggles in the multiple modes, the list staying open), Escape closes, Tab
 * closes and moves on, Backspace in an empty input removes the last chip; typing filters by label or
 * asks the server (`showSearch.onSearch`). The popup opens under the field, drawn in place.
 * Replaces antd's Select (rc-select, 23.6 KB gzipped on every form and filtered list: issue 24)
 * under the same props, for the part of them the screens use.
 */
export function Select({
  options = [],
  mode,
  value,
  defaultValue,
  onChange,
  onOpenChange,
  placeholder,
  allowClear,
  showSearch,
  tokenSeparators,
  loading,
  popupMatchSelectWidth = true,
  className,
  status,
  disabled: ownDisabled,
  style,
  id,
  ...aria
}: SelectProps) {
  const disabled = useFieldDisabled(ownDisabled);
  const { t } = useTranslation();
  const listId = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const popup = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const multi = mode === 'multiple' || mode === 'tags';
  const search = typeof showSearch === 'object' ? showSearch : {};
  const remote = !!search.onSearch || search.filterOption === false;

  // Uncontrolled until given a value; a value turned undefined (a form's reset) empties it, as antd's.
  const [inner, setInner] = useState(defaultValue);
  const [given, setGiven] = useState(value);
  if (given !== value) {
    setGiven(value);
    if (value === undefined) setInner(undefined);
  }
  const values = asList(value === undefined ? inner : value);
  const [open, setOpenState] = useState(false);
  /** The typed text; null while nothing is typed (a single select shows its value's label). */
  const [text, setText] = useState<string | null>(null);
  /** The option under the pointer or the arrows; unset: the value's, else the first. */
  const [activeValue, setActiveValue] = useState<SelectValue>();
  const [focused, setFocused] = useState(false);

  // The options seen, as antd's keeps them: a chosen value keeps its label when a search on the
  // server has put other options in the list.
  const seen = useRef(new Map<SelectValue, SelectOption>());
  for (const o of options) seen.current.set(o.value, o);
  const known = (v: SelectValue): SelectOption =>
    options.find((o) => o.value === v) ?? seen.current.get(v) ?? { value: v, label: String(v) };
  const selected = values.map(known);
  const typed = text ?? '';
  const needle = typed.trim().toLowerCase();

  let list = options;
  if (mode === 'tags') {
    // Tags typed before are options too; what is being typed is the first one.
    list = [...list, ...selected.filter((s) => !options.some((o) => o.value === s.value))];
    const fresh = typed.trim();
    if (fresh && !list.some((o) => labelText(o) === fresh || o.value === fresh))
      list = [{ value: fresh, label: fresh }, ...list];
  }
  if (needle && !remote) list = list.filter((o) => labelText(o).toLowerCase().includes(needle));
  const enabled = list.flatMap((o, i) => (o.disabled ? [] : [i]));
  const found = list.findIndex((o) => o.value === activeValue && !o.disabled);
  const active = found >= 0 ? found : (enabled[0] ?? -1);
  const optionId = (i: number) => `${listId}-${i}`;

  // Closing twice in one event (focus leaving and a click outside) tells onOpenChange once.
  const isOpen = useRef(open);
  const setOpen = (next: boolean) => {
    if (next === isOpen.current) return;
    isOpen.current = next;
    reveal.current = next;
    setOpenState(next);
    onOpenChange?.(next);
  };
  const typeText = (next: string | null) => {
    if ((next ?? '') !== typed) search.onSearch?.(next ?? '');
    setText(next);
    setActiveValue(undefined);
  };
  const commit = (next: SelectValue[]) => {
    const picked = next.map((v) => list.find((o) => o.value === v) ?? known(v));
    if (value === undefined) setInner(multi ? next : next[0]);
    if (multi) onChange?.(next, picked);
    else onChange?.(next[0], picked[0]);
  };
  const close = () => {
    setOpen(false);
    if (text !== null) typeText(null);
  };

  const place = usePopover(open, close, wrap, popup, list.length);

  // The active option in sight as the list opens on the value or the keys move it (not the pointer).
  const reveal = useRef(false);
  useEffect(() => {
    if (!open || active < 0 || !reveal.current) return;
    reveal.current = false;
    document.getElementById(`${listId}-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active, listId]);

  const pick = (option: SelectOption | undefined) => {
    if (!option || option.disabled) return;
    if (!multi) {
      if (option.value !== values[0]) commit([option.value]);
      close();
      return;
    }
    const on = values.includes(option.value);
    commit(on ? values.filter((v) => v !== option.value) : [...values, option.value]);
    if (text !== null) typeText(null);
    setActiveValue(option.value);
  };

  /** Typed text cut at the separators: every whole piece becomes a value (tags) or picks its option. */
  const addTokens = (pieces: string[]) => {
    const next = [...values];
    for (const piece of pieces.map((p) => p.trim()).filter(Boolean)) {
      const option = options.find(
        (o) => labelText(o).toLowerCase() === piece.toLowerCase() || String(o.value) === piece,
      );
      const v = option?.value ?? (mode === 'tags' ? piece : undefined);
      if (v !== undefined && !next.includes(v)) next.push(v);
    }
    if (next.length !== values.length) commit(next);
  };

  const onInput = (e: ChangeEvent<HTMLInputElement>) => {
    const next = e.target.value;
    setOpen(true);
    if (multi && tokenSeparators?.length) {
      const pieces = next.split(new RegExp(tokenSeparators.map(escaped).join('|')));
      if (pieces.length > 1) {
        addTokens(pieces.slice(0, -1));
        return typeText(pieces.at(-1) || null);
      }
    }
    typeText(next);
  };

  const move = (to: number | undefined) => {
    const option = to === undefined ? undefined : list[to];
    if (!option) return;
    reveal.current = true;
    setActiveValue(option.value);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (disabled || e.nativeEvent.isComposing) return;
    const pos = enabled.indexOf(active);
    const last = enabled.length - 1;
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        e.preventDefault();
        const down = e.key === 'ArrowDown';
        if (!open) {
          setOpen(true);
          // Alt+Down opens on the value; so does a plain arrow, else at the list's first or last.
          setActiveValue(values[0] ?? (down || e.altKey ? undefined : list[enabled[last] ?? -1]?.value));
        } else if (e.altKey && !down) close();
        else if (!e.altKey) move(enabled[down ? (pos + 1) % enabled.length : pos <= 0 ? last : pos - 1]);
        return;
      }
      case 'Home':
      case 'End':
        if (!open) return;
        e.preventDefault();
        move(enabled[e.key === 'Home' ? 0 : last]);
        return;
      case 'Enter':
        // Never the form's submit: Enter opens the list, or picks its active option.
        e.preventDefault();
        if (!open) setOpen(true);
        else pick(list[active]);
        return;
      case 'Escape':
        if (!open && text === null) return;
        e.preventDefault();
        // A modal or a drawer around the field stays open: this Escape was the list's.
        e.stopPropagation();
        close();
        return;
      case 'Tab':
        // The list closes and the focus moves on (to the clear button, if any, or the next field).
        leave();
        return;
      case 'Backspace':
        if (multi && typed === '' && values.length) commit(values.slice(0, -1));
        return;
    }
  };

  const focusInput = () => input.current?.focus();
  /** The list's index of the option an event is on (-1 when none). */
  const at = (e: MouseEvent) =>
    Number((e.target as Element).closest<HTMLElement>('[data-index]')?.dataset.index ?? -1);
  const onBoxMouseDown = (e: MouseEvent) => {
    if (disabled || (e.target as Element).closest('button, [role="listbox"], .select-popup')) return;
    // The focus stays in (or goes to) the input, whose text stays selected for typing over.
    e.preventDefault();
    focusInput();
    setOpen(multi || !open);
  };
  const onFocus = () => {
    if (!focused) setFocused(true);
  };
  /** Leaving the input: the list closes; a tags field keeps what was typed, as antd's does. */
  const leave = () => {
    if (mode === 'tags' && typed.trim()) addTokens([typed]);
    close();
  };
  const onBlur = (e: FocusEvent) => {
    if (wrap.current?.contains(e.relatedTarget as Node | null)) return;
    setFocused(false);
    leave();
  };
  const clear = () => {
    commit([]);
    typeText(null);
    focusInput();
  };

  const invalid = status === 'error' || aria['aria-invalid'] === true || aria['aria-invalid'] === 'true';
  const single = multi ? undefined : selected[0];
  // A label that is not text (an icon, a tag) is drawn over the input while nothing is typed.
  const drawn = single && text === null && !labelText(single) ? single.label : undefined;
  const listName = aria['aria-label'] ?? input.current?.labels?.[0]?.textContent ?? placeholder;

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a pointer's way to the input (the combobox), as antd's box
    <div
      ref={wrap}
      className={[
        'select',
        multi && 'multiple',
        focused && 'select-focused',
        invalid && 'error',
        status === 'warning' && 'warning',
        disabled && 'disabled',
        className,
      ]
        .filter(Boolean)
        .join(' ')}
      style={style}
      onMouseDown={onBoxMouseDown}
      onFocus={onFocus}
      onBlur={onBlur}
    >
      <span className="select-selector">
        {multi &&
          selected.map((o) => (
            <span key={String(o.value)} className="select-chip">
              <span className="select-chip-label">{o.label}</span>
              {!disabled && (
                <button
                  type="button"
                  tabIndex={-1}
                  className="select-chip-remove"
                  aria-label={t('common.select.remove', { label: labelText(o) || String(o.value) })}
                  onClick={() => {
                    commit(values.filter((v) => v !== o.value));
                    focusInput();
                  }}
                />
              )}
            </span>
          ))}
        {drawn !== undefined && (
          <span className="select-value" aria-hidden="true">
            {drawn}
          </span>
        )}
        <input
          {...aria}
          ref={input}
          id={id}
          type="text"
          role="combobox"
          className="select-input"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          aria-busy={loading || undefined}
          disabled={disabled}
          value={text ?? (single ? labelText(single) : '')}
          placeholder={
            // While typing over a value, its label stays in sight, greyed, as antd does.
            text !== null && single
              ? labelText(single) || placeholder
              : selected.length
                ? undefined
                : placeholder
          }
          onChange={onInput}
          onKeyDown={onKeyDown}
          onFocus={(e) => {
            if (!multi) e.target.select();
          }}
        />
      </span>
      {allowClear && !disabled && values.length > 0 && (
        <button type="button" className="select-clear" aria-label={t('common.clear')} onClick={clear} />
      )}
      {loading ? (
        <span className="select-spinner" aria-hidden="true" />
      ) : (
        <span className="select-arrow" aria-hidden="true" />
      )}
      {open && (
        // biome-ignore lint/a11y/noStaticElementInteractions: a click in the popup keeps the focus in the input
        <div
          ref={popup}
          className={['popover select-popup', !popupMatchSelectWidth && 'content', place]
            .filter(Boolean)
            .join(' ')}
          onMouseDown={(e) => e.preventDefault()}
        >
          {list.length ? (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard is the combobox's (aria-activedescendant)
            <ul
              id={listId}
              // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the combobox's listbox, after WAI-ARIA's pattern
              role="listbox"
              aria-label={listName}
              aria-multiselectable={multi || undefined}
              className="select-list"
              onClick={(e) => pick(list[at(e)])}
              onMouseMove={(e) => {
                const i = at(e);
                if (i !== active && list[i] && !list[i].disabled) setActiveValue(list[i].value);
              }}
            >
              {list.map((o, i) => (
                // biome-ignore lint/a11y/useFocusableInteractive: the active option is the input's aria-activedescendant, never focused
                <li
                  key={String(o.value)}
                  id={optionId(i)}
                  // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the listbox's option
                  role="option"
                  data-index={i}
                  aria-selected={values.includes(o.value)}
                  aria-disabled={o.disabled || undefined}
                  className={i === active ? 'select-option active' : 'select-option'}
                >
                  <span className="select-option-label">{o.label}</span>
                </li>
              ))}
            </ul>
          ) : (
            <div id={listId} className="select-empty">
              {loading ? t('common.loading') : t('common.select.noData')}
            </div>
          )}
        </div>
      )}
    </div>
  );
}
