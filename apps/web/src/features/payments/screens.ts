import type { ScreenDeclaration } from '../../shared/navigation/screens';

/** Where HMRC's payment page sends the browser back (docs/paying-hmrc.md); reached from HMRC, not the navigation. */
export const paymentsScreens: readonly ScreenDeclaration[] = [
  {
    id: 'paymentReturn',
    path: '/app/payments/return',
    access: 'accountHolders',
    module: 'src/features/payments/PaymentReturnPage.tsx',
    namespaces: ['payments'],
  },
];
