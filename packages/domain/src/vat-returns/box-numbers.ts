/** The nine boxes of a VAT return. Kept apart from ./api so a screen that only counts boxes loads no Zod. */
export const boxNumbers = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
export type BoxNumber = (typeof boxNumbers)[number];
