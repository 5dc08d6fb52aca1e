/** True only when A and B are the same type (a schema's type and the plain type it stands for). */
export type SameType<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Compiles only when given `true`: `type _ = Assert<SameType<A, B>>` fails to compile otherwise. */
export type Assert<T extends true> = T;
/**
 * True only when A and B are identical, optional keys included: SameType lets a schema leave out
 * an optional key, and a reply schema that did would strip that key from every reply.
 */
export type IdenticalType<A, B> = (<G>() => G extends A ? 1 : 2) extends <G>() => G extends B ? 1 : 2 ? true : false;
/** Each member of a union as one plain object: a union of intersections then compares with a union of objects. */
export type Flattened<T> = T extends unknown ? { [K in keyof T]: T[K] } : never;
