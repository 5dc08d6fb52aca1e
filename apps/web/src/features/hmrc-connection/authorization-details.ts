import { type AuthorizationDetails, authorizationDetailsSchema } from '@vatwise/domain';
import { readStored, writeStored } from '../../shared/storage/local-storage';

/**
 * The product reference keeps `authorizationDetails` in local storage (docs/reference/product.md §3): the last authorised sandbox
 * user's non-secret facts. Tokens and passwords never go there. Sign-out removes it (auth feature).
 */
const AUTHORIZATION_DETAILS_KEY = 'authorizationDetails';

export function storeAuthorizationDetails(details: AuthorizationDetails): void {
  writeStored(AUTHORIZATION_DETAILS_KEY, authorizationDetailsSchema.parse(details));
}

export function storedAuthorizationDetails(): AuthorizationDetails | undefined {
  return readStored(AUTHORIZATION_DETAILS_KEY, (value) => {
    const parsed = authorizationDetailsSchema.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  });
}
