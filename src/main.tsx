import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { Providers } from './app/providers';
import { router } from './app/router';
import { offerUpdate } from './app/update-prompt';
import { registerServiceWorker } from './lib/service-worker';
import './index.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);

// The service worker is not needed to show the first screen: it registers once the page has loaded.
const startServiceWorker = () => registerServiceWorker(offerUpdate);
if (document.readyState === 'complete') startServiceWorker();
else window.addEventListener('load', startServiceWorker, { once: true });
