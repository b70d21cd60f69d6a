import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { type HTMLAttributes, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './typography.css';

// The screens' text in antd Typography's look, plain HTML + CSS, under the same names
// (`Typography.Text`, `.Paragraph`, `.Title`, `.Link`) and with the props the screens use: antd's
// brings its editable, copyable and ellipsis machinery, 7.5 KB, to every screen with a line of grey
// text (issue 24).

type Tone = 'secondary' | 'success' | 'warning' | 'danger';

interface TextProps extends Omit<HTMLAttributes<HTMLElement>, 'type'> {
  type?: Tone | undefined;
  strong?: boolean;
  /** Inline code: `a.b` in a tinted box. */
  code?: boolean;
  /** A button after the text that copies it (or `text`) to the clipboard. */
  copyable?: boolean | { text?: string | undefined };
  /** One line, cut with "…"; `tooltip`: the whole, shown on hover. */
  ellipsis?: boolean | { tooltip?: string | undefined };
  'data-testid'?: string;
}

const classOf = (base: string, { type, ellipsis }: Pick<TextProps, 'type' | 'ellipsis'>, own?: string) =>
  [base, type, ellipsis && 'ellipsis', own].filter(Boolean).join(' ');

/** The text's content: in `strong` and `code` as asked, then its copy button. */
function content({ strong, code, copyable, children }: TextProps) {
  let inner: ReactNode = children;
  if (code) inner = <code>{inner}</code>;
  if (strong) inner = <strong>{inner}</strong>;
  if (!copyable) return inner;
  const text = typeof copyable === 'object' && copyable.text !== undefined ? copyable.text : textOf(children);
  return (
    <>
      {inner}
      <CopyButton text={text} />
    </>
  );
}

const textOf = (node: ReactNode): string =>
  typeof node === 'string' || typeof node === 'number'
    ? String(node)
    : Array.isArray(node)
      ? node.map(textOf).join('')
      : '';

function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 3000);
    return () => clearTimeout(timer);
  }, [copied]);
  const label = t(copied ? 'common.copied' : 'common.copy');
  return (
    <button
      type="button"
      className="typography-copy"
      aria-label={label}
      title={label}
      onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true))}
    >
      {copied ? <CheckOutlined /> : <CopyOutlined />}
    </button>
  );
}

function Text({ type, strong, code, copyable, ellipsis, className, children, ...rest }: TextProps) {
  return (
    <span
      {...rest}
      className={classOf('typography', { type, ellipsis }, className)}
      title={(typeof ellipsis === 'object' && ellipsis.tooltip) || rest.title}
    >
      {content({ strong, code, copyable, children })}
    </span>
  );
}

function Paragraph({ type, strong, code, copyable, ellipsis, className, children, ...rest }: TextProps) {
  return (
    <div {...rest} className={classOf('typography paragraph', { type, ellipsis }, className)}>
      {content({ strong, code, copyable, children })}
    </div>
  );
}

function Title({
  level = 1,
  className,
  ...rest
}: HTMLAttributes<HTMLHeadingElement> & { level?: 1 | 2 | 3 | 4 | 5; 'data-testid'?: string }) {
  const Heading = `h${level}` as const;
  return <Heading {...rest} className={['typography title', className].filter(Boolean).join(' ')} />;
}

/** A link that acts here (inserts, opens): a button in a link's look. */
function Link({ code, children, ...rest }: HTMLAttributes<HTMLButtonElement> & { code?: boolean }) {
  return (
    <button type="button" {...rest} className="typography-link">
      {code ? <code>{children}</code> : children}
    </button>
  );
}

export const Typography = { Text, Paragraph, Title, Link };
