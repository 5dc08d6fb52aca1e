/** Screens' modules (paths from the web app's root) and the translation namespaces they read, by route path. */
export type PageModules = Readonly<Record<string, { module: string; namespaces: readonly string[] }>>;

/**
 * Each main-area screen's module and the translation namespaces it reads, by route path (a
 * `:name` segment matches any one segment). The route table (routes.tsx) loads these; the build's
 * preload hints (vite.config.ts) turn each module into the chunks the server announces in a
 * signed-in page for that path, so the screen's code downloads beside the entry chunk instead of
 * after the entry chunk has run. A route missing here still works, just without that head start.
 */
export const mainAreaPages: PageModules = {
  '/app': { module: 'src/app/pages/DashboardPage.tsx', namespaces: [] },
  '/app/practice-dashboard': {
    module: 'src/features/practice-dashboard/PracticeDashboardPage.tsx',
    namespaces: ['practiceDashboard', 'practiceClients'],
  },
  '/app/vat-operations': { module: 'src/features/vat-operations/VatOperationsPage.tsx', namespaces: ['vatOperations'] },
  '/app/vat-submissions': {
    module: 'src/features/vat-returns/pages/VatSubmissionsPage.tsx',
    namespaces: ['vatReturns'],
  },
  '/app/vat-submissions/:returnId': {
    module: 'src/features/vat-returns/pages/ReturnPage.tsx',
    namespaces: ['vatReturns', 'clientApproval'],
  },
  '/app/vat-submissions/:returnId/receipt': {
    module: 'src/features/vat-returns/pages/ReceiptPage.tsx',
    namespaces: ['vatReturns'],
  },
  '/app/vat-wise': { module: 'src/features/assistant/pages/VatWisePage.tsx', namespaces: ['assistant'] },
  '/app/grant-authority': { module: 'src/features/hmrc-connection/GrantAuthorityPage.tsx', namespaces: ['hmrc'] },
  '/app/clients': { module: 'src/features/hmrc-connection/ClientsPage.tsx', namespaces: ['hmrc'] },
  '/app/practice': { module: 'src/features/practice/PracticePage.tsx', namespaces: ['practice'] },
  '/app/audit-log': {
    module: 'src/features/practice/AuditLogPage.tsx',
    namespaces: ['practiceClients', 'vatReturns'],
  },
  '/app/agents': { module: 'src/features/agents/AgentsPage.tsx', namespaces: ['agents'] },
};
