import type { ScreenDeclaration } from '../../shared/navigation/screens';

export const assistantScreens: readonly ScreenDeclaration[] = [
  {
    id: 'vatWise',
    path: '/app/vat-wise',
    access: 'anyUser',
    module: 'src/features/assistant/pages/VatWisePage.tsx',
    namespaces: ['assistant'],
    nav: { group: 'vat', order: 40, icon: 'IconMessageChatbot' },
  },
];
