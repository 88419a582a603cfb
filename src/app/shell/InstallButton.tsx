import { Button } from '@chakra-ui/react';
import { useEffect, useSyncExternalStore } from 'react';
import { ON_HEADER } from './header';
import { installState, promptInstall, subscribeInstall, watchInstallPrompt } from './installPrompt';

/** The PWA install button (SPEC §1): shown while the browser offers installation, hidden once installed. */
export function InstallButton() {
  // main.tsx starts watching at load; this covers a shell rendered without it
  useEffect(() => void watchInstallPrompt(), []);
  const { prompt, installed } = useSyncExternalStore(subscribeInstall, installState, installState);
  if (installed || !prompt) return null;
  return (
    <Button {...ON_HEADER} flexShrink="0" onClick={() => void promptInstall()}>
      Install BayBook
    </Button>
  );
}
