import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../shared/toasts/notifier';
import { practiceApi } from '../api';
import { asQueryError, describePracticeError, workspace } from '../workspace';

/**
 * Makes a practice (or, with null, the user's own businesses) the session's workspace, then
 * reloads the page so that nothing read in the old workspace outlives the switch (see
 * workspace.reload). `switchingTo` stays set while the page reloads, keeping its button busy.
 */
export function useSwitchWorkspace() {
  const { t } = useTranslation(['common', 'practice']);
  const [setActive] = practiceApi.useSetActivePracticeMutation();
  const [switchingTo, setSwitchingTo] = useState<{ id: string | null } | null>(null);

  const switchTo = async (organizationId: string | null) => {
    setSwitchingTo({ id: organizationId });
    try {
      await setActive({ organizationId }).unwrap();
      workspace.reload();
    } catch (caught) {
      setSwitchingTo(null);
      notify({
        type: 'error',
        title: t('practice:where.switchFailed'),
        message: describePracticeError(asQueryError(caught), t),
      });
    }
  };
  return { switchTo, switchingTo };
}
