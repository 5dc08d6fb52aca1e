/**
 * User messages for HTTP statuses (docs/reference/product.md §8): each is suffixed with the status
 * in brackets, e.g. 'Not authorized (403)'. The key is a translation key; the English
 * text is its fallback.
 */
const statusMessages: Record<number, { key: string; text: string }> = {
  400: { key: 'http.400', text: 'Invalid request' },
  401: { key: 'http.401', text: 'Authentication required - Please log in again' },
  403: { key: 'http.403', text: 'Not authorized' },
  404: { key: 'http.404', text: 'Resource not found' },
  500: { key: 'http.500', text: 'Server error' },
  502: { key: 'http.502', text: 'Gateway error' },
  503: { key: 'http.503', text: 'Service unavailable' },
};

export const noResponseMessage = {
  key: 'http.noResponse',
  text: 'No response from server - check your connection',
} as const;

export const requestFailedMessage = { key: 'http.failed', text: 'Request failed' } as const;

/** The message for a status, or undefined when the product reference gives none (the caller falls back). */
export function httpStatusMessage(status: number): { key: string; text: string } | undefined {
  const message = statusMessages[status];
  return message && { key: message.key, text: `${message.text} (${status})` };
}

export const httpStatusMessageKeys = [
  ...Object.values(statusMessages).map((m) => m.key),
  noResponseMessage.key,
  requestFailedMessage.key,
];
