import type { ReactNode } from 'react';

/**
 * A value that reads left to right whatever the page's direction (a reference, an email address,
 * a phone number), shown on its own rather than put into a sentence: in a right-to-left layout it
 * stays one run in its own order. Formatted values (money, dates, a VRN) are isolated already.
 */
export function Ltr({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}
