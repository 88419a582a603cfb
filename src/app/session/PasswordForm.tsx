import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { yupResolver } from '@hookform/resolvers/yup';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { loginSchema } from '../../domain/schemas';
import { useSync } from '../data/context';
import { errorMessage } from '../feedback/toaster';
import { submitWith } from '../ui/submitWith';
import { passwordSignIn } from './signIn';

interface LoginForm {
  username: string;
  password: string;
}

/**
 * SPEC §2 Login's form: Username, Password and Login, the server's message shown when it says no. The login screen
 * shows it, and so does the lock screen of a shared tablet when a PIN will not do (a member new to the device, a
 * session that ended, a PIN forgotten) — there with the member's name filled in.
 */
export function PasswordForm({ username = '', onSignedIn }: { username?: string; onSignedIn?: () => void }) {
  const engine = useSync();
  const [failure, setFailure] = useState('');
  const { register, handleSubmit, formState } = useForm<LoginForm>({
    resolver: yupResolver(loginSchema),
    defaultValues: { username, password: '' },
  });
  const onSubmit = async (form: LoginForm) => {
    setFailure('');
    await passwordSignIn(engine, form);
    onSignedIn?.();
  };
  // the server's no (or the network's) is said under the fields, as the form says everything
  const failed = (err: unknown) => setFailure(errorMessage(err));
  return (
    <form onSubmit={submitWith(handleSubmit, onSubmit, failed)} noValidate>
      <Stack gap="4">
        <Field.Root invalid={!!formState.errors.username}>
          <Field.Label>Username</Field.Label>
          <Input autoComplete="username" autoFocus={!username} {...register('username')} />
          <Field.ErrorText>{formState.errors.username?.message}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!formState.errors.password}>
          <Field.Label>Password</Field.Label>
          <Input type="password" autoComplete="current-password" autoFocus={!!username} {...register('password')} />
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
  );
}
