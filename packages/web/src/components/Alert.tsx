import {
  CheckCircleFilled,
  CloseCircleFilled,
  CloseOutlined,
  ExclamationCircleFilled,
  InfoCircleFilled,
} from '@ant-design/icons';
import { type HTMLAttributes, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './alert.css';

const icons = {
  success: <CheckCircleFilled />,
  info: <InfoCircleFilled />,
  warning: <ExclamationCircleFilled />,
  error: <CloseCircleFilled />,
};

interface AlertProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  type?: keyof typeof icons;
  title?: ReactNode;
  description?: ReactNode;
  showIcon?: boolean;
  /** A button or link at the end (retry, open). */
  action?: ReactNode;
  /** A close button at the end; `onClose` runs when it is pressed, and the alert goes away. */
  closable?: boolean | { onClose?: () => void };
}

/**
 * A message in a tinted box, in the look of antd's Alert, which it replaces (2.7 KB on most
 * screens, issue 24). Like antd's it is a `role="alert"` region unless told otherwise.
 */
export function Alert({
  type = 'info',
  title,
  description,
  showIcon,
  action,
  closable,
  className,
  ...props
}: AlertProps) {
  const { t } = useTranslation();
  const [closed, setClosed] = useState(false);
  if (closed) return null;
  const classes = ['alert', `alert-${type}`, description ? 'alert-with-description' : '', className ?? ''];
  return (
    <div role="alert" className={classes.filter(Boolean).join(' ')} {...props}>
      {showIcon && <span className="alert-icon">{icons[type]}</span>}
      <div className="alert-section">
        {title !== undefined && <div className="alert-title">{title}</div>}
        {description !== undefined && <div className="alert-description">{description}</div>}
      </div>
      {action && <div className="alert-actions">{action}</div>}
      {closable && (
        <button
          type="button"
          className="alert-close"
          aria-label={t('common.close')}
          onClick={() => {
            setClosed(true);
            if (typeof closable === 'object') closable.onClose?.();
          }}
        >
          <CloseOutlined />
        </button>
      )}
    </div>
  );
}
