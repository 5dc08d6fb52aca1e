/** What other parts of the app may use from the auth feature. */
export { AuthGuard } from './components/AuthGuard';
export { GuestPrompt } from './components/GuestPrompt';
export { GuestRolePanel } from './components/GuestRolePanel';
export { UserMenu } from './components/UserMenu';
export { accountHolders, adminsOnly, anyUser, everyone, type RouteAccess } from './access';
export { signedIn, signedOut, useAuth } from './slice';
export { authApi } from './api';
export { seedPageUser } from './page-user';
export { PasswordInput } from './components/PasswordInput';
