import { sha256 } from '../platform/secrets';
import type { SandboxStore } from '../store/store';

/** An application registered with the simulator, as on HMRC's Developer Hub (docs/reference/hmrc-vat-api.md §1.2). */
export interface SandboxApplication {
  clientId: string;
  clientSecret: string;
  name: string;
  /** Exact redirect URIs the authorise step accepts (HMRC allows up to 5). */
  redirectUris: string[];
}

/**
 * The local development application every simulator has. Its secret is public on purpose: the
 * simulator holds no real data, and a fresh clone must work without registering anything.
 */
export const defaultApplication = {
  clientId: 'vatwise-local-sandbox',
  clientSecret: 'local-sandbox-secret-not-for-hmrc',
  name: 'VAT Wise (local development)',
} as const;

export async function registerApplications(store: SandboxStore, applications: SandboxApplication[]): Promise<void> {
  for (const application of applications) {
    await store.saveApplication({
      clientId: application.clientId,
      clientSecretSha256: sha256(application.clientSecret),
      name: application.name,
      redirectUris: application.redirectUris,
    });
  }
}
