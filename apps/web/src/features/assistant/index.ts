/** What other parts of the app may use from the assistant feature. */
export { ChatLauncher, launcherClearance } from './components/ChatLauncher';
