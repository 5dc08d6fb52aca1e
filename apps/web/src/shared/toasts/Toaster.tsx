import { Notification } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from './notifier';
import type { ToastType } from './queue';
import classes from './Toaster.module.css';

const appearance: Record<ToastType, { color: string | undefined; icon: ReactNode }> = {
  // undefined: the theme's own primary colour.
  primary: { color: undefined, icon: <IconInfoCircle size={18} /> },
  secondary: { color: 'gray', icon: <IconInfoCircle size={18} /> },
  info: { color: 'blue', icon: <IconInfoCircle size={18} /> },
  success: { color: 'green', icon: <IconCheck size={18} /> },
  warning: { color: 'orange', icon: <IconAlertTriangle size={18} /> },
  error: { color: 'red', icon: <IconX size={18} /> },
};

/** The toast area: newest last, priority first, each dismissed by a click or its close button. */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useSyncExternalStore(notifier.subscribe, notifier.getToasts);
  return (
    <div className={classes.stack} aria-live="polite">
      {toasts.map((toast) => {
        const look = appearance[toast.type];
        const urgent = toast.type === 'error' || toast.type === 'warning';
        return (
          <Notification
            key={toast.id}
            data-testid="toast"
            data-type={toast.type}
            data-leaving={toast.leaving || undefined}
            role={urgent ? 'alert' : 'status'}
            className={[classes.toast, toast.leaving ? classes.leaving : '', toast.customClassName ?? ''].join(' ')}
            color={look.color}
            icon={look.icon}
            title={toast.title}
            withBorder
            closeButtonProps={{ 'aria-label': t('toasts.dismiss') }}
            onClick={(event) => {
              // The close button dismisses without running the toast's action.
              if ((event.target as HTMLElement).closest('button')) return;
              notifier.click(toast.id);
            }}
            onClose={() => notifier.dismiss(toast.id)}
          >
            {toast.message}
          </Notification>
        );
      })}
    </div>
  );
}
