// The benchmark's yardstick: the least a Vite + React page can be. Lighthouse scores on this
// machine are read beside this page's, so a slow machine shows as a low score here too.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

function Page() {
  return (
    <main>
      <h1>Trivial page</h1>
      <p>A heading and a paragraph, rendered by React, built by Vite and served compressed by Fastify.</p>
    </main>
  );
}

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <Page />
  </StrictMode>,
);
