import { type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './plain.css';

// The controls of the first page (sign-in, the loading overlay, the error screens), drawn without
// antd: the sign-in page then loads no antd code at all (issue 24). They look like the theme's
// antd controls (plain.css); every screen after sign-in uses antd itself.

type Tone = 'error' | 'info' | 'warning';

/** Circle with a mark: ✕ for an error, ! for a warning, i for information. */
function ToneIcon({ tone, size }: { tone: Tone; size: number }) {
  const mark =
    tone === 'error'
      ? 'M8.5 8.5l7 7m0-7l-7 7'
      : tone === 'warning'
        ? 'M12 7v6m0 3.5v.5'
        : 'M12 11v6m0-9.5v.5';
  return (
    <svg
      className="plain-icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="10" fill="currentColor" />
      <path d={mark} stroke="#fff" strokeWidth="2.2" strokeLinecap="round" fill="none" />
    </svg>
  );
}

export function Spinner({ large }: { large?: boolean }) {
  return <span className={large ? 'plain-spinner large' : 'plain-spinner'} aria-hidden="true" />;
}

/** A button; `loading` shows a spinner and ignores further clicks until done. */
export function PlainButton({
  primary,
  block,
  loading,
  children,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { primary?: boolean; block?: boolean; loading?: boolean }) {
  const className = ['plain-button', primary && 'primary', block && 'block'].filter(Boolean).join(' ');
  return (
    <button
      type="button"
      {...rest}
      className={className}
      aria-busy={loading || undefined}
      onClick={loading ? (e) => e.preventDefault() : rest.onClick}
    >
      {loading && <Spinner />}
      {children}
    </button>
  );
}

/** A message above a form: errors are announced at once (role alert), the others politely. */
export function Notice({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <div className={`plain-notice ${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      <ToneIcon tone={tone} size={14} />
      <div>{children}</div>
    </div>
  );
}

/**
 * A labelled text input with its error below (linked by aria-describedby). A password input gets a
 * show/hide toggle.
 */
export function TextField({
  id,
  label,
  error,
  type = 'text',
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; error?: string }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const errorId = `${id}_error`;
  const password = type === 'password';
  return (
    <div className="plain-field">
      <label htmlFor={id}>{label}</label>
      <div className="plain-control">
        <input
          {...input}
          id={id}
          type={password && shown ? 'text' : type}
          className={password ? 'plain-input revealable' : 'plain-input'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {password && (
          <button
            type="button"
            className="plain-reveal"
            aria-label={t(shown ? 'auth.hidePassword' : 'auth.showPassword')}
            aria-pressed={shown}
            onClick={() => setShown((s) => !s)}
          >
            <EyeIcon crossed={!shown} />
          </button>
        )}
      </div>
      {error && (
        <div id={errorId} className="plain-field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none">
      <path
        d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
      <circle cx="12" cy="12" r="3" stroke="currentColor" strokeWidth="1.8" />
      {crossed && <path d="M4 4l16 16" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />}
    </svg>
  );
}

/** A choice of a few options side by side (radio buttons under the hood, so arrows move between). */
export function Segmented<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  const name = useId();
  return (
    <fieldset className="plain-segmented" aria-label={label}>
      {options.map((option) => (
        <label key={option.value}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
          />
          <span>{option.label}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** Something failed: an icon, a title, a line of explanation and what to do next. */
export function ProblemPanel({
  tone,
  title,
  text,
  action,
}: {
  tone: 'error' | 'warning';
  title: string;
  text?: string;
  action?: ReactNode;
}) {
  return (
    <div className={`plain plain-problem ${tone}`}>
      <ToneIcon tone={tone} size={72} />
      <h2>{title}</h2>
      {text && <p>{text}</p>}
      {action}
    </div>
  );
}
