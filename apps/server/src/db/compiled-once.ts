import type { Compilable, CompiledQuery, Kysely } from 'kysely';

/**
 * A query that Kysely builds and compiles once and then runs with new values. Kysely otherwise
 * builds and compiles the query's tree on every call, about a sixth of the CPU of a signed-in
 * read such as GET /api/businesses. Only for queries read on every screen: `build` must pass each
 * argument as a parameter value (never into the SQL text), which is checked on first use.
 */
export function compiledOnce<Db, Row, Args extends string[]>(
  db: Kysely<Db>,
  build: (db: Kysely<Db>, ...args: Args) => Compilable<Row>,
): (...args: Args) => Promise<Row[]> {
  let compiled: { query: CompiledQuery<Row>; slots: Array<number | undefined> } | undefined;
  const compile = (arity: number) => {
    // Stand-ins no real value equals: where each lands among the parameters is where its argument goes.
    const standIns = Array.from({ length: arity }, (_, index) => `\u0000compiled-once-argument-${index}\u0000`);
    const query = build(db, ...(standIns as Args)).compile();
    const slots = query.parameters.map((value) => {
      const index = standIns.indexOf(value as string);
      return index === -1 ? undefined : index;
    });
    standIns.forEach((_, index) => {
      if (!slots.includes(index)) throw new Error(`compiledOnce: argument ${index} is not a parameter of ${query.sql}`);
    });
    return { query, slots };
  };
  return async (...args) => {
    compiled ??= compile(args.length);
    const { query, slots } = compiled;
    const parameters = query.parameters.map((value, position) => {
      const slot = slots[position];
      return slot === undefined ? value : args[slot];
    });
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
}
