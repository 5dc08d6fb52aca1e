/**
 * The embedded HMRC sandbox simulator (a Fastify plugin and a standalone entry). It is built
 * by the issue "Embedded HMRC sandbox simulator"; until then the package exists so the
 * workspace, type-check and lint already cover it.
 */
export {};
