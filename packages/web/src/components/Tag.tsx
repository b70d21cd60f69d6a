import type { HTMLAttributes } from 'react';
import './tag.css';

/** antd's preset colours and status colours that a tag may take; anything else is neutral. */
const palette = new Set([
  'red',
  'volcano',
  'orange',
  'gold',
  'yellow',
  'lime',
  'green',
  'cyan',
  'blue',
  'geekblue',
  'purple',
  'magenta',
  'pink',
  'success',
  'processing',
  'warning',
  'error',
]);

interface TagProps extends HTMLAttributes<HTMLSpanElement> {
  /** One of antd's preset colour names (`green`, `gold`, …) or statuses (`success`, …). */
  color?: string;
}

/**
 * A small coloured label in the look of antd's filled Tag, which it replaces (3.2 KB on most
 * screens, issue 24): the colour's lightest shade behind its seventh (or a darker one where the
 * seventh would fall below 4.5:1).
 */
export function Tag({ color, className, ...props }: TagProps) {
  const tone = color && palette.has(color) ? color : 'default';
  return <span className={`tag tag-${tone}${className ? ` ${className}` : ''}`} {...props} />;
}
