import {
  type FocusEvent,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldDisabled } from './fieldDisabled.ts';
import { fieldClass, useFocused, useOwnRef } from './Input.tsx';
import './input.css';

export interface InputNumberProps
  extends Omit<
    InputHTMLAttributes<HTMLInputElement>,
    'value' | 'defaultValue' | 'onChange' | 'min' | 'max' | 'step' | 'type' | 'prefix' | 'size'
  > {
  value?: number | null;
  defaultValue?: number | null;
  /** The number typed (when within `min`–`max`), stepped or set on leaving the field; `null` when emptied. */
  onChange?: (value: number | null) => void;
  min?: number;
  max?: number;
  /** What the arrow keys and the steppers add or take away (1). */
  step?: number;
  /** Decimals kept: the value is rounded to them when the field is left, and shown with them. */
  precision?: number;
  /** A unit inside the box at its end (`days`). */
  suffix?: ReactNode;
  status?: 'error' | 'warning' | '';
  ref?: Ref<HTMLInputElement>;
}

/** Decimals of a number as written (`0.05` → 2). */
const decimals = (n: number) => {
  const [digits = '', exponent] = String(n).split('e-');
  if (exponent) return Number(exponent) + (digits.split('.')[1]?.length ?? 0);
  return digits.split('.')[1]?.length ?? 0;
};

/**
 * Typed text as antd reads it: whatever is not a letter, a digit, `.` or `-` is dropped (spaces,
 * group separators); empty is `null`, a text that is no number (yet: `-`, `1e`) `undefined`.
 */
const parse = (text: string): number | null | undefined => {
  const s = text.replace(/[^\w.-]+/g, '');
  if (s === '') return null;
  return /^-?(\d+\.?\d*|\.\d+)$/.test(s) ? Number(s) : undefined;
};

/**
 * A number field in antd InputNumber's look and behaviour: an `<input role="spinbutton">` with
 * `aria-valuemin/max/now` (typed text, `inputMode` for a phone's keypad), ArrowUp/ArrowDown and
 * the steppers (shown on hover, as antd's) add or take away `step`; a typed number reaches
 * `onChange` at once when within `min`–`max`, else when the field is left (or Enter), brought
 * within them and rounded to `precision`; a text that is no number goes back to the value.
 * Replaces antd's InputNumber (rc-input-number, 7.5 KB gzipped, issue 24).
 */
export function InputNumber({
  ref,
  value,
  defaultValue,
  onChange,
  min,
  max,
  step = 1,
  precision,
  suffix,
  status,
  disabled,
  readOnly,
  className,
  style,
  onBlur,
  onKeyDown,
  ...input
}: InputNumberProps) {
  const { t } = useTranslation();
  const [own, setRef] = useOwnRef(ref);
  const [focused, focus] = useFocused();
  const off = useFieldDisabled(disabled);

  // Uncontrolled until given a value; a value turned undefined (a form's reset) empties it.
  const [inner, setInner] = useState(defaultValue ?? null);
  /** The text being typed; null while the value's own text is shown. */
  const [draft, setDraft] = useState<string | null>(null);
  const [given, setGiven] = useState(value);
  if (given !== value) {
    setGiven(value);
    if (value === undefined) setInner(null);
    // Set from outside (not what is being typed): the field shows the new value.
    if (draft !== null && parse(draft) !== (value ?? null)) setDraft(null);
  }
  const current = value === undefined ? inner : value;
  const shown =
    current === null || Number.isNaN(current)
      ? ''
      : precision === undefined
        ? String(current)
        : current.toFixed(precision);

  const inRange = (n: number) => (min === undefined || n >= min) && (max === undefined || n <= max);
  const emit = (next: number | null) => {
    if (next === current) return;
    setInner(next);
    onChange?.(next);
  };
  /** Within min–max and rounded to the precision (or to the step's and the number's decimals). */
  const settle = (n: number, digits = precision) => {
    const rounded = digits === undefined ? n : Number(n.toFixed(digits));
    return Math.min(max ?? Number.POSITIVE_INFINITY, Math.max(min ?? Number.NEGATIVE_INFINITY, rounded));
  };
  /** The typed text taken as the value (leaving the field, Enter): brought within range, or reverted. */
  const commit = () => {
    if (draft === null) return;
    setDraft(null);
    const n = parse(draft);
    if (n !== undefined) emit(n === null ? null : settle(n));
  };
  const stepBy = (up: boolean) => {
    if (off || readOnly) return;
    const typed = draft === null ? undefined : parse(draft);
    const base = typed ?? current ?? 0;
    const by = up ? step : -step;
    setDraft(null);
    emit(settle(base + by, precision ?? Math.max(decimals(base), decimals(step))));
  };

  /** A phone's keypad: digits only for a whole number that cannot be negative. */
  const keypad = precision === 0 && min !== undefined && min >= 0 ? 'numeric' : 'decimal';
  /** A stepper is off at its end of the range. */
  const atEnd = (up: boolean) => {
    const limit = up ? max : min;
    return limit !== undefined && current !== null && (up ? current >= limit : current <= limit);
  };

  return (
    <span
      className={fieldClass('input-number', {
        status,
        invalid: input['aria-invalid'],
        disabled: off,
        focused,
        className,
      })}
      style={style}
      {...focus}
    >
      <input
        autoComplete="off"
        inputMode={keypad}
        {...input}
        ref={setRef}
        type="text"
        role="spinbutton"
        aria-valuemin={min}
        aria-valuemax={max}
        aria-valuenow={current ?? undefined}
        className="input-inner"
        disabled={off}
        readOnly={readOnly}
        value={draft ?? shown}
        onChange={(e) => {
          const text = e.target.value;
          setDraft(text);
          const n = parse(text);
          // As antd's: a number out of range waits for the field to be left, to be brought within it.
          if (n === null || (n !== undefined && inRange(n))) emit(n);
        }}
        onKeyDown={(e: KeyboardEvent<HTMLInputElement>) => {
          onKeyDown?.(e);
          if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
            e.preventDefault();
            stepBy(e.key === 'ArrowUp');
          } else if (e.key === 'Enter') commit();
        }}
        onBlur={(e: FocusEvent<HTMLInputElement>) => {
          commit();
          onBlur?.(e);
        }}
      />
      {suffix !== undefined && <span className="input-number-suffix">{suffix}</span>}
      {!off && !readOnly && (
        <span className="input-number-steps">
          {(
            [
              [true, 'common.input.increase'],
              [false, 'common.input.decrease'],
            ] as const
          ).map(([up, label]) => (
            <button
              key={label}
              type="button"
              tabIndex={-1}
              className={up ? 'input-number-up' : 'input-number-down'}
              aria-label={t(label)}
              disabled={atEnd(up)}
              // The focus goes to (or stays in) the input; the arrow keys are the keyboard's way.
              onMouseDown={(e) => {
                e.preventDefault();
                own.current?.focus();
              }}
              onClick={() => stepBy(up)}
            />
          ))}
        </span>
      )}
    </span>
  );
}
