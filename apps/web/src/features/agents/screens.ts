import type { ScreenDeclaration } from '../../shared/navigation/screens';

export const agentsScreens: readonly ScreenDeclaration[] = [
  {
    id: 'agents',
    path: '/app/agents',
    access: 'anyUser',
    module: 'src/features/agents/AgentsPage.tsx',
    namespaces: ['agents'],
    nav: { group: 'admin', order: 30, icon: 'IconRobot' },
  },
];
