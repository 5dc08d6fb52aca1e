import { type PracticeAction, practiceRoleCan } from '@vatwise/domain';
import { useSelector } from 'react-redux';
import { authApi } from '../auth';

const selectMe = authApi.endpoints.me.select();

/**
 * Whether the signed-in person may do `action` where they work, by the same permission table the
 * server enforces (packages/domain/src/practice/permissions.ts): screens hide what a role may not
 * do. It reads the signed-in user the app already holds (no request of its own); someone working
 * alone, in their own workspace, may do everything.
 */
export function useCan(action: PracticeAction): boolean {
  const role = useSelector(selectMe).data?.practice?.role ?? null;
  return practiceRoleCan(role, action);
}
