/** True only when A and B are the same type (a schema's type and the plain type it stands for). */
export type SameType<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Compiles only when given `true`: `type _ = Assert<SameType<A, B>>` fails to compile otherwise. */
export type Assert<T extends true> = T;
