import { Role } from '../roles';

/** Who may open a screen or call a route: these roles, and whether someone not signed in may too. */
export interface AccessPreset {
  roles: readonly Role[];
  /** Open to someone who is not signed in at all (product reference: guests allowed). */
  anonymous?: boolean;
}

/**
 * The named presets of who may see what (docs/reference/product.md §4 and 6). The web app's screens name one
 * (`features/<name>/screens.ts`) and the server's routes use the same ones (`plugins/access.ts`),
 * so a screen and the API behind it say who may use them in the same words.
 */
export const accessPresets = {
  /** Anyone, signed in or not. */
  everyone: { roles: [Role.Admin, Role.Editor, Role.Guest], anonymous: true },
  /** Anyone who is signed in, a guest included (in the browser a guest is signed in as Guest). */
  anyUser: { roles: [Role.Admin, Role.Editor, Role.Guest] },
  /** What belongs to an account (VAT data, returns, practices): Admins and Editors. */
  accountHolders: { roles: [Role.Admin, Role.Editor] },
  /** The installation's administration. */
  adminsOnly: { roles: [Role.Admin] },
} as const satisfies Record<string, AccessPreset>;

export type AccessPresetName = keyof typeof accessPresets;
