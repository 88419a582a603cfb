import { Box, Button, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { pinStore } from '../../local/pins';
import { sessionEnded, switchMember } from '../../sync/quickSwitch';
import { useData } from '../data/context';
import { errorMessage } from '../feedback/toaster';
import { Footer } from '../shell/Footer';
import { SyncStatus } from '../shell/SyncStatus';
import { PasswordForm } from './PasswordForm';
import { PinPad } from './PinPad';
import { enterSession } from './signIn';

type Step =
  | { kind: 'pick' }
  | { kind: 'pin'; username: string; error: string }
  /** the password: a member new to the device (no name), or one whose PIN will not do (with why) */
  | { kind: 'password'; username: string; why: string };

/** Who was picked and what is asked of them: the PIN, or the password when their session ended or the PIN will not do. */
function useSteps() {
  const { db, engine } = useData();
  const [step, setStep] = useState<Step>({ kind: 'pick' });
  const [busy, setBusy] = useState(false);

  const pick = async (username: string) => {
    const ended = await sessionEnded(db, username);
    setStep(ended ? { kind: 'password', username, why: ended } : { kind: 'pin', username, error: '' });
  };
  const tryPin = async (username: string, pin: string) => {
    setBusy(true);
    try {
      const out = await switchMember(engine, username, pin);
      if (out.kind === 'switched') return enterSession(out.user.token);
      setStep(
        out.kind === 'wrong'
          ? { kind: 'pin', username, error: out.message }
          : { kind: 'password', username, why: out.message },
      );
    } catch (err) {
      // the device could not check the PIN (its database, its crypto): said where a wrong PIN is said
      setStep({ kind: 'pin', username, error: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };
  return { step, setStep, busy, pick, tryPin };
}

/**
 * The "Who is working?" screen of a shared tablet (issue 18): a tile per member with a PIN on this device; a tap and
 * the PIN switch the tablet to that member's own session (src/sync/quickSwitch.ts). A member whose session ended,
 * whose PIN was forgotten, or who is new to the device signs in with the password. It works offline: the PINs and
 * the sessions are on the device.
 */
export default function LockScreen() {
  const { db } = useData();
  const members = useLiveQuery(() => pinStore(db).members(), [db]);
  const { step, setStep, busy, pick, tryPin } = useSteps();

  return (
    <Flex direction="column" minH="100vh" data-testid="lock-screen">
      <Box flex="1" px="4" py={{ base: '6', md: '10' }}>
        <Stack maxW="3xl" mx="auto" gap="6">
          <Heading size="2xl" textAlign="center">
            {step.kind === 'pick' ? 'Who is working?' : step.username || 'Sign in'}
          </Heading>
          {step.kind === 'pick' && (
            <MemberTiles
              members={members}
              onPick={(name) => void pick(name)}
              onPassword={() => setStep({ kind: 'password', username: '', why: '' })}
            />
          )}
          {step.kind === 'pin' && (
            <PinPad
              label={`PIN of ${step.username}`}
              busy={busy}
              error={step.error}
              onSubmit={(pin) => void tryPin(step.username, pin)}
            />
          )}
          {step.kind === 'password' && (
            <Box maxW="sm" w="full" mx="auto">
              <WhyPassword why={step.why} />
              <PasswordForm key={step.username} username={step.username} />
            </Box>
          )}
          {step.kind !== 'pick' && (
            <Button size="xl" variant="ghost" alignSelf="center" onClick={() => setStep({ kind: 'pick' })}>
              Back to Who is working?
            </Button>
          )}
          <Box alignSelf="center">
            <SyncStatus />
          </Box>
        </Stack>
      </Box>
      <Footer />
    </Flex>
  );
}

/** A tile per member with a PIN on this device, and the way in for everyone else: the password. */
function MemberTiles({
  members,
  onPick,
  onPassword,
}: {
  members: string[] | undefined;
  onPick: (name: string) => void;
  onPassword: () => void;
}) {
  return (
    <>
      {members?.length === 0 && (
        <Text textAlign="center">Nobody has set a PIN on this device yet: sign in with your password.</Text>
      )}
      <SimpleGrid columns={{ base: 2, md: 3 }} gap="4">
        {members?.map((name) => (
          <Button key={name} h="24" fontSize="2xl" variant="outline" onClick={() => onPick(name)}>
            {name}
          </Button>
        ))}
      </SimpleGrid>
      <Button size="xl" alignSelf="center" variant="subtle" onClick={onPassword}>
        Sign in with password
      </Button>
    </>
  );
}

/** Why the password is asked for instead of the PIN (nothing for a member new to the device). */
function WhyPassword({ why }: { why: string }) {
  if (!why) return null;
  return (
    <Text mb="4" role="status">
      {why}
    </Text>
  );
}
