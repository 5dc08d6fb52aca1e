import { z } from 'zod';
import type { Assert, SameType } from '../type-checks';
import { assignablePracticeRoles, type PracticeSummary, practiceRoles } from './member-roles';

export const practiceRoleSchema = z.enum(practiceRoles);
export const assignablePracticeRoleSchema = z.enum(assignablePracticeRoles);
export const practiceSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: practiceRoleSchema,
});
export type PracticeSchemaMatches = Assert<SameType<z.infer<typeof practiceSchema>, PracticeSummary>>;
