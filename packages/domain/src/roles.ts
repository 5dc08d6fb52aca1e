/** Roles as numbers, as the product reference (docs/reference/product.md) fixes them (docs/reference/product.md §6). */
export const Role = {
  Admin: 0,
  Editor: 1,
  Guest: 2,
} as const;

export type Role = (typeof Role)[keyof typeof Role];

export const allRoles: readonly Role[] = [Role.Admin, Role.Editor, Role.Guest];

export function roleName(role: Role): keyof typeof Role {
  const entry = Object.entries(Role).find(([, value]) => value === role);
  if (!entry) throw new RangeError(`Unknown role ${String(role)}`);
  return entry[0] as keyof typeof Role;
}

/** Roles that may use the product's own features; a Guest only looks around. */
export const signedInRoles: readonly Role[] = [Role.Admin, Role.Editor];
