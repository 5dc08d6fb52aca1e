import { type Business, businessesPath } from '@vatwise/domain';
import { takePageRead } from '../../shared/api/page-user';
import { hmrcApi } from './api';

type BusinessList = { businesses: Business[]; current: string | null };

const isStringOrNull = (value: unknown) => value === null || typeof value === 'string';

/**
 * The shape GET /api/businesses answers, checked without Zod (this runs before the first render,
 * and Zod is not otherwise needed to draw Home).
 */
function businessListOf(value: unknown): BusinessList | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { businesses, current } = value as Record<string, unknown>;
  if (!Array.isArray(businesses) || !isStringOrNull(current)) return undefined;
  const wellFormed = businesses.every((business: unknown) => {
    if (typeof business !== 'object' || business === null) return false;
    const fields = business as Record<string, unknown>;
    return (
      typeof fields.vrn === 'string' &&
      typeof fields.name === 'string' &&
      isStringOrNull(fields.userId) &&
      isStringOrNull(fields.lastUsedAt) &&
      isStringOrNull(fields.agentArn) &&
      (fields.authorisation === null || typeof fields.authorisation === 'object')
    );
  });
  return wellFormed ? (value as BusinessList) : undefined;
}

/**
 * Answers the businesses' query with the list the page came with (see shared/api/page-user.ts),
 * as a finished read: the first render draws the switcher and the deadlines in their final state,
 * with no request and no loading step in between. Something that is not such a list is ignored
 * (the app then asks the server). Returns the action to dispatch, or undefined.
 */
export function seedPageBusinesses() {
  const list = businessListOf(takePageRead(businessesPath)?.body);
  return list
    ? hmrcApi.util.upsertQueryEntries([{ endpointName: 'businesses', arg: undefined, value: list }])
    : undefined;
}
