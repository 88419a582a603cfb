import { Box, Flex, Heading, Stack } from '@chakra-ui/react';
import { Navigate, useNavigate } from 'react-router-dom';
import { PasswordForm } from '../session/PasswordForm';
import { useSession } from '../session/session';
import { Footer } from '../shell/Footer';
import { InsecureNotice } from '../shell/InsecureNotice';
import { InstallButton } from '../shell/InstallButton';
import { SyncStatus } from '../shell/SyncStatus';
import { UpdatePrompt } from '../shell/UpdatePrompt';

/** SPEC §2 Login: Username, Password, Login. The server's message is shown when it says no. */
export default function LoginScreen() {
  const user = useSession();
  const navigate = useNavigate();
  if (user) return <Navigate to="/" replace />;

  return (
    <Flex direction="column" minH="100vh">
      <InsecureNotice />
      <Box flex="1">
        <Box maxW="sm" mx="auto" mt={{ base: '10', md: '24' }} p="6" borderWidth="1px" borderRadius="lg">
          <Heading size="lg" mb="4">
            BayBook
          </Heading>
          <PasswordForm onSignedIn={() => void navigate('/', { replace: true })} />
        </Box>
        {/* a signed-out device still says what waits to be sent (and for whom), offers the install and a waiting update */}
        <Stack maxW="sm" mx="auto" mt="4" gap="3" align="center">
          <SyncStatus />
          <InstallButton />
          <UpdatePrompt />
        </Stack>
      </Box>
      <Footer />
    </Flex>
  );
}
