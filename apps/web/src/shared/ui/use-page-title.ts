import { useEffect } from 'react';

/** Names the browser tab after the screen, so a user with many tabs open can find it. */
export function usePageTitle(title: string | undefined) {
  useEffect(() => {
    document.title = title ? `${title} · VAT Wise` : 'VAT Wise';
  }, [title]);
}
