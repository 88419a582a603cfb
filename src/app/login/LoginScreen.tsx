import { Box, Button, Field, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { yupResolver } from '@hookform/resolvers/yup';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate } from 'react-router-dom';
import { loginSchema } from '../../domain/schemas';
import { useSync } from '../data/context';
import { errorMessage } from '../feedback/toaster';
import { setToken, useSession } from '../session/session';
import { Footer } from '../shell/Footer';
import { InstallButton } from '../shell/InstallButton';
import { SyncStatus } from '../shell/SyncStatus';
import { UpdatePrompt } from '../shell/UpdatePrompt';
import { decodeToken } from '../../sync/tokenClaims';
import { fetchTransport } from '../../sync/transport';

interface LoginForm {
  username: string;
  password: string;
}

/** SPEC §2 Login: Username, Password, Login. The server's message is shown when it says no. */
export default function LoginScreen() {
  const user = useSession();
  const engine = useSync();
  const navigate = useNavigate();
  const [failure, setFailure] = useState('');
  const { register, handleSubmit, formState } = useForm<LoginForm>({
    resolver: yupResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  });
  if (user) return <Navigate to="/" replace />;

  const onSubmit = async (form: LoginForm) => {
    setFailure('');
    try {
      const res = await fetchTransport('/api')<{ value: boolean; message: string; token: string }>('POST', '/login', {
        body: form,
      });
      setToken(res.data.token);
      const p = decodeToken(res.data.token) ?? {};
      // keeps the token for this user's queued changes and registers the device; offline it retries later
      void engine
        .signIn({ username: p.username ?? form.username, permission: p.permission ?? 1, token: res.data.token })
        .catch(() => undefined);
      navigate('/', { replace: true });
    } catch (err) {
      setFailure(errorMessage(err));
    }
  };

  return (
    <Flex direction="column" minH="100vh">
      <Box flex="1">
        <Box maxW="sm" mx="auto" mt={{ base: '10', md: '24' }} p="6" borderWidth="1px" borderRadius="lg">
          <Heading size="lg" mb="4">
            BayBook
          </Heading>
          <form onSubmit={handleSubmit(onSubmit)} noValidate>
            <Stack gap="4">
              <Field.Root invalid={!!formState.errors.username}>
                <Field.Label>Username</Field.Label>
                <Input autoComplete="username" autoFocus {...register('username')} />
                <Field.ErrorText>{formState.errors.username?.message}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={!!formState.errors.password}>
                <Field.Label>Password</Field.Label>
                <Input type="password" autoComplete="current-password" {...register('password')} />
                <Field.ErrorText>{formState.errors.password?.message}</Field.ErrorText>
              </Field.Root>
              {failure && (
                <Text color="red.600" role="alert">
                  {failure}
                </Text>
              )}
              <Button type="submit" loading={formState.isSubmitting} colorPalette="blue">
                Login
              </Button>
            </Stack>
          </form>
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
