import type { ScreenDeclaration } from '../../shared/navigation/screens';

export const practiceScreens: readonly ScreenDeclaration[] = [
  {
    // Where the user works, and a practice's members (guests have no account to join one).
    id: 'practice',
    path: '/app/practice',
    access: 'accountHolders',
    module: 'src/features/practice/PracticePage.tsx',
    namespaces: ['practice'],
    nav: { group: 'admin', order: 10, icon: 'IconBriefcase' },
  },
  {
    // Everything done to the workspace's clients, by whom (not in the product reference's list of screens).
    id: 'auditLog',
    path: '/app/audit-log',
    access: 'accountHolders',
    module: 'src/features/practice/AuditLogPage.tsx',
    namespaces: ['practiceClients', 'vatReturns'],
    nav: { group: 'admin', order: 20, icon: 'IconListDetails' },
  },
];
