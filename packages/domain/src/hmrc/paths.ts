/**
 * The address of a person's businesses (GET lists them, POST connects one), apart from the schemas
 * so a page can name it without loading zod: the server announces it with every signed-in page
 * of the main area, and the web app must ask at this very address for the preload to be used.
 */
export const businessesPath = '/api/businesses';
