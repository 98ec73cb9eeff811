import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { createRouter } from '@/app/router';
import { configureApiClient } from '@/lib/api-client';
import { ensureSessionId } from '@/lib/storage';
import '@/styles/global.css';

configureApiClient();
ensureSessionId();

const router = createRouter();

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
