import type { ScreenDeclaration } from '../../shared/navigation/screens';

export const vatReturnsScreens: readonly ScreenDeclaration[] = [
  {
    id: 'vatSubmissions',
    path: '/app/vat-submissions',
    access: 'anyUser',
    module: 'src/features/vat-returns/pages/VatSubmissionsPage.tsx',
    namespaces: ['vatReturns'],
    nav: { group: 'vat', order: 30, icon: 'IconReceiptTax' },
  },
  {
    id: 'vatReturn',
    path: '/app/vat-submissions/:returnId',
    access: 'accountHolders',
    module: 'src/features/vat-returns/pages/ReturnPage.tsx',
    namespaces: ['vatReturns', 'clientApproval'],
  },
  {
    id: 'vatReceipt',
    path: '/app/vat-submissions/:returnId/receipt',
    access: 'accountHolders',
    module: 'src/features/vat-returns/pages/ReceiptPage.tsx',
    namespaces: ['vatReturns', 'payments'],
  },
];
