import type { ScreenDeclaration } from '../../shared/navigation/screens';

/** docs/reference/product.md §1: leftover template screens with sample data, kept for Admins and Editors. */
export const demoSurveysScreens: readonly ScreenDeclaration[] = [
  {
    id: 'demo',
    path: '/app/demo/surveys',
    access: 'accountHolders',
    module: 'src/features/demo-surveys/pages/SurveyListPage.tsx',
    namespaces: ['demoSurveys'],
    nav: { group: 'admin', order: 50, icon: 'IconFlask' },
  },
  {
    id: 'demoSurvey',
    path: '/app/demo/surveys/:surveyId',
    access: 'accountHolders',
    module: 'src/features/demo-surveys/pages/SurveyDetailPage.tsx',
    namespaces: ['demoSurveys'],
  },
];
