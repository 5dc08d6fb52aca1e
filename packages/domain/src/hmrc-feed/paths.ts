/**
 * The news feed's address, apart from the schemas so the Home page can name it without loading
 * zod: the server announces it with the signed-in Home, and the web app must ask at this very
 * address for the preload to be used.
 */
export const hmrcFeedPath = '/api/hmrc-feed';
