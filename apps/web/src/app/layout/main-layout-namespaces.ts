/**
 * The translation namespaces the main layout reads (the live agent lines, the chat launcher and
 * the HMRC connection status it shows). Shared by the route table and the build's preload hints.
 */
export const mainLayoutNamespaces = ['agents', 'assistant', 'hmrc', 'notifications'] as const;
