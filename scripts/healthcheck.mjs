// A container's health check (the Dockerfile's HEALTHCHECK, compose.yaml): exits 0 when this
// instance's GET /api/ready answers 200 (it listens and its database answers), else 1.
// Node's own fetch: the slim image has no curl.
const port = process.env.PORT || '3000';
const response = await fetch(`http://127.0.0.1:${port}/api/ready`, { signal: AbortSignal.timeout(4000) }).catch(
  () => undefined,
);
process.exit(response?.status === 200 ? 0 : 1);
