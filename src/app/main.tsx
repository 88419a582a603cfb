import { ChakraProvider } from '@chakra-ui/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { DataProvider } from './data/context';
import { Toaster } from './feedback/toaster';
import { ConfirmProvider } from './ui/confirm';
import { system } from './ui/system';
import { createAppRouter } from './router';
import { startBuildChecks } from './shell/buildCheck';
import { watchInstallPrompt } from './shell/installPrompt';
import { registerServiceWorker } from './shell/serviceWorker';
import { onAuthFailure } from './session/authFailure';

// the data layer (Dexie, repositories, sync engine) is a chunk of its own: the shell paints while it loads
const data = import('./data/DataProvider').then((m) => m.appDataSingleton());
const router = createAppRouter();
registerServiceWorker();
watchInstallPrompt();
startBuildChecks();
onAuthFailure(() => void router.navigate('/login', { replace: true }));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ChakraProvider value={system}>
      <DataProvider data={data}>
        <ConfirmProvider>
          <RouterProvider router={router} />
          <Toaster />
        </ConfirmProvider>
      </DataProvider>
    </ChakraProvider>
  </StrictMode>,
);
