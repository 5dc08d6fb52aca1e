import { z } from 'zod';

/**
 * Where better-auth may send the browser afterwards: a path on this site, or an http(s) address
 * (better-auth then checks its origin). URL characters only: the address ends up in a header.
 */
export const redirectTargetSchema = z
  .string()
  .max(2048, { message: 'A redirect address is at most 2,048 characters' })
  .regex(/^(?:\/(?![/\\])|https?:\/\/)[!-~]*$/, {
    message: 'A redirect address is a path on this site (starting with /) or an http(s) address, in URL characters',
  });

/** The fields of better-auth's requests, in the body or the query, that name a redirect. */
export const redirectFieldNames = ['callbackURL', 'errorCallbackURL', 'newUserCallbackURL', 'redirectTo'] as const;

/** A display name; the product reference allows an empty one. */
export const displayNameSchema = z
  .string({ error: 'A name is text' })
  .max(100, { message: 'A name is at most 100 characters' });

/** A profile change (better-auth's update-user): a name and a photo address, as text. */
export const updateProfileBodySchema = z.looseObject({
  name: displayNameSchema.optional(),
  image: z
    .string({ error: 'A photo is the address of an image, or null for none' })
    .max(2048, { message: 'A photo address is at most 2,048 characters' })
    .nullable()
    .optional(),
});
