/** The chat button's size and its distance from the window's bottom and side, in px. */
export const launcherSize = 52;
export const launcherOffset = 20;
