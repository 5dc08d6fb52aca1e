import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../shared/toasts/notifier';

const OFFLINE_TOAST_ID = 'connectivity-offline';

/** Tells the user at once when the connection drops, and when it is back. */
export function ConnectivityToasts() {
  const { t } = useTranslation();
  useEffect(() => {
    const offline = () =>
      notifier.notify({
        id: OFFLINE_TOAST_ID,
        type: 'warning',
        title: t('connectivity.offlineTitle'),
        message: t('connectivity.offlineMessage'),
        // It stays while the connection is down; 'online' takes it away.
        timeOut: 0,
        priority: true,
      });
    const online = () => {
      notifier.dismiss(OFFLINE_TOAST_ID);
      notifier.notify({
        type: 'success',
        title: t('connectivity.onlineTitle'),
        message: t('connectivity.onlineMessage'),
      });
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [t]);
  return null;
}
