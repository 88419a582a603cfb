import { Button } from '@chakra-ui/react';
import { useEffect, useState } from 'react';

interface InstallPrompt extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** The PWA install button (SPEC §1): shown while the browser offers installation, hidden once installed. */
export function InstallButton() {
  const [prompt, setPrompt] = useState<InstallPrompt | null>(null);
  const [installed, setInstalled] = useState(() => typeof window !== 'undefined' && window.matchMedia?.('(display-mode: standalone)').matches);
  useEffect(() => {
    const onPrompt = (e: Event) => {
      e.preventDefault();
      setPrompt(e as InstallPrompt);
    };
    const onInstalled = () => {
      setInstalled(true);
      setPrompt(null);
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);
  if (installed || !prompt) return null;
  return (
    <Button
      size="xs"
      variant="outline"
      onClick={async () => {
        await prompt.prompt();
        if ((await prompt.userChoice).outcome === 'accepted') setInstalled(true);
        setPrompt(null);
      }}
    >
      Install BayBook
    </Button>
  );
}
