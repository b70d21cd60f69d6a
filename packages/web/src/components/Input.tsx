import {
  type ChangeEvent,
  type FocusEvent,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
  useCallback,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldDisabled } from './fieldDisabled.ts';
import { Ltr } from './format.tsx';
import './input.css';

/** antd's validation status: `error` draws the red border (as Form.Item's `aria-invalid` does). */
type Status = 'error' | 'warning' | '';

/** The classes of a field's box: `error` for antd's status or Form.Item's `aria-invalid`, and the rest. */
export function fieldClass(
  base: string,
  {
    status,
    invalid,
    disabled,
    focused,
    className,
  }: {
    status?: Status;
    invalid?: boolean | 'true' | 'false' | 'grammar' | 'spelling';
    disabled?: boolean;
    focused?: boolean;
    className?: string;
  },
) {
  const error = status === 'error' || invalid === true || invalid === 'true';
  return [
    base,
    error && 'error',
    status === 'warning' && 'warning',
    focused && 'input-focused',
    disabled && 'disabled',
    className,
  ]
    .filter(Boolean)
    .join(' ');
}

/** The element itself for the component, and the same element for the caller's `ref` (Form.Item's). */
export function useOwnRef<T>(ref: Ref<T> | undefined) {
  const own = useRef<T | null>(null);
  const setRef = useCallback(
    (el: T | null) => {
      own.current = el;
      if (typeof ref === 'function') ref(el);
      else if (ref) ref.current = el;
    },
    [ref],
  );
  return [own, setRef] as const;
}

/** A box's focus, kept while it moves between the input and the box's buttons. */
export function useFocused() {
  const [focused, setFocused] = useState(false);
  return [
    focused,
    {
      onFocus: () => setFocused(true),
      onBlur: (e: FocusEvent<HTMLElement>) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      },
    },
  ] as const;
}

/**
 * The text of a field, controlled by `value` or on its own from `defaultValue`, as antd's: `null` is
 * empty, and a value turned `undefined` (a form's reset) empties it.
 */
function useText(value: string | number | null | undefined, defaultValue: string | number | undefined) {
  const [inner, setInner] = useState(String(defaultValue ?? ''));
  const [given, setGiven] = useState(value);
  if (given !== value) {
    setGiven(value);
    if (value === undefined) setInner('');
  }
  return [value === undefined ? inner : String(value ?? ''), setInner] as const;
}

/** Empties a field as typing would: its `onChange` (the form's) gets a real change event. */
function empty(el: HTMLInputElement | HTMLTextAreaElement | null) {
  if (!el) return;
  const proto =
    el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(el, '');
  el.dispatchEvent(new Event('input', { bubbles: true }));
  el.focus();
}

export interface InputProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'prefix' | 'size'> {
  /** Text (a number is shown as its text, as antd's); `null` is empty. */
  value?: string | number | null;
  defaultValue?: string | number;
  status?: Status;
  /** A × that empties the field while it has text. */
  allowClear?: boolean;
  ref?: Ref<HTMLInputElement>;
}

interface FieldProps extends InputProps {
  /** Told after the × emptied the field (Search searches for nothing). */
  onClear?: () => void;
  /** More of the box after the input (the password's toggle), given whether the field is disabled. */
  after?: (disabled: boolean) => ReactNode;
}

/**
 * A text input: bare (antd's `.ant-input`) or, with a × or a toggle, in a box with them (antd's
 * affix wrapper); the `<input>` is real either way, so labels, autocomplete and password managers
 * see it. `style` and `className` go to the box.
 */
function Field({
  ref,
  value,
  defaultValue,
  onChange,
  status,
  allowClear,
  disabled,
  className,
  style,
  onClear,
  after,
  type = 'text',
  ...input
}: FieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useText(value, defaultValue);
  const [own, setRef] = useOwnRef(ref);
  const [focused, focus] = useFocused();
  const off = useFieldDisabled(disabled);
  const state = { status, invalid: input['aria-invalid'], disabled: off };
  const change = (e: ChangeEvent<HTMLInputElement>) => {
    setText(e.target.value);
    onChange?.(e);
  };
  const bare = !allowClear && !after;
  const field = (
    <input
      {...input}
      ref={setRef}
      type={type}
      className={bare ? fieldClass('input', { ...state, className }) : 'input-inner'}
      style={bare ? style : undefined}
      disabled={off}
      value={text}
      onChange={change}
    />
  );
  if (bare) return field;
  return (
    <span className={fieldClass('input-affix', { ...state, focused, className })} style={style} {...focus}>
      {field}
      {allowClear && !off && !input.readOnly && text !== '' && (
        <button
          type="button"
          className="input-clear"
          aria-label={t('common.clear')}
          onClick={() => {
            empty(own.current);
            onClear?.();
          }}
        />
      )}
      {after?.(off)}
    </span>
  );
}

/** A password input with a show/hide toggle: a real button, named for what it does, `aria-pressed` while shown. */
function Password(props: InputProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <Field
      {...props}
      type={shown ? 'text' : 'password'}
      after={(disabled) => (
        <button
          type="button"
          className={shown ? 'input-reveal shown' : 'input-reveal'}
          aria-label={t(shown ? 'common.input.hidePassword' : 'common.input.showPassword')}
          aria-pressed={shown}
          disabled={disabled}
          onClick={() => setShown((s) => !s)}
        />
      )}
    />
  );
}

export interface SearchProps extends InputProps {
  /** The typed text, on Enter or the button; `''` when the × empties the field. */
  onSearch?: (value: string) => void;
  /** The button's text, on antd's primary button; without it an icon button named "Search". */
  enterButton?: ReactNode;
  /** A search under way: the button spins and Enter waits. */
  loading?: boolean;
}

/** A search field (`type="search"`: a searchbox) with its button at the end, as antd's Input.Search. */
function Search({ onSearch, enterButton, loading, style, className, ref, onKeyDown, ...props }: SearchProps) {
  const { t } = useTranslation();
  const [own, setRef] = useOwnRef(ref);
  const off = useFieldDisabled(props.disabled);
  const search = () => {
    if (!loading) onSearch?.(own.current?.value ?? '');
  };
  return (
    <span className={['input-search', className].filter(Boolean).join(' ')} style={style}>
      <Field
        {...props}
        ref={setRef}
        type="search"
        onClear={() => onSearch?.('')}
        onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
          onKeyDown?.(e);
          if (e.key === 'Enter' && !e.nativeEvent.isComposing) search();
        }}
      />
      <button
        type="button"
        className={enterButton ? 'input-search-button primary' : 'input-search-button'}
        aria-label={enterButton ? undefined : t('common.search')}
        aria-busy={loading || undefined}
        disabled={off}
        // A click keeps the focus in the field being typed in.
        onMouseDown={(e) => {
          if (document.activeElement === own.current) e.preventDefault();
        }}
        onClick={search}
      >
        {loading ? (
          <span className="input-spinner" aria-hidden="true" />
        ) : (
          !enterButton && <span className="input-search-icon" aria-hidden="true" />
        )}
        {enterButton}
      </button>
    </span>
  );
}

export interface TextAreaProps
  extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'defaultValue'> {
  value?: string | null;
  defaultValue?: string;
  status?: Status;
  /** The length typed under the field, with `maxLength` beside it ("12 / 4000"). */
  showCount?: boolean;
  ref?: Ref<HTMLTextAreaElement>;
}

/** A multi-line text in antd's TextArea look (resized vertically), with its count under it on demand. */
function TextArea({
  ref,
  value,
  defaultValue,
  onChange,
  status,
  showCount,
  disabled,
  className,
  style,
  ...textarea
}: TextAreaProps) {
  const [text, setText] = useText(value, defaultValue);
  const off = useFieldDisabled(disabled);
  const state = { status, invalid: textarea['aria-invalid'], disabled: off };
  const field = (
    <textarea
      {...textarea}
      ref={ref}
      className={fieldClass('input textarea', showCount ? state : { ...state, className })}
      style={showCount ? undefined : style}
      disabled={off}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange?.(e);
      }}
    />
  );
  if (!showCount) return field;
  return (
    <span className={['input-textarea', className].filter(Boolean).join(' ')} style={style}>
      {field}
      <span className="input-count">
        {/* Digits and slash in reading order in Arabic too: "12 / 4000". */}
        <Ltr>
          {text.length}
          {textarea.maxLength !== undefined && ` / ${textarea.maxLength}`}
        </Ltr>
      </span>
    </span>
  );
}

/**
 * antd's Input, Input.Password, Input.Search and Input.TextArea in their look (input.css), under the
 * props the screens use; a form's label, error (`aria-invalid`: the red border) and `disabled`
 * reach them as they reached antd's. antd's brought rc-input and rc-textarea, 10.9 KB gzipped, to
 * every form and every list with a search (issue 24).
 */
export const Input = Object.assign((props: InputProps) => <Field {...props} />, {
  Password,
  Search,
  TextArea,
});
