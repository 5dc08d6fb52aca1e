import { z } from 'zod';

/** A return's, a record's or a stock item's id in a route's path, as every sub-slice's routes take it. */
export const idParams = z.object({ id: z.string().min(1).max(64) });
