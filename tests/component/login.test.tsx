import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { MSG } from '../../src/domain/messages';
import { createData, DataProvider } from '../../src/app/data/DataProvider';
import LoginScreen from '../../src/app/login/LoginScreen';

function renderLogin() {
  const data = createData(`login-${Math.random()}`);
  return render(
    <ChakraProvider value={defaultSystem}>
      <DataProvider data={data}>
        <MemoryRouter initialEntries={['/login']}>
          <LoginScreen />
        </MemoryRouter>
      </DataProvider>
    </ChakraProvider>,
  );
}

describe('Login screen (SPEC §2, §5)', () => {
  it('has Username, Password and a Login button', () => {
    renderLogin();
    expect(screen.getByLabelText('Username')).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
  });

  it("says 'Enter valid username' for an empty or short username, and asks for the password", async () => {
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByText(MSG.enterValidUsername)).toBeTruthy());
    expect(screen.getByText(MSG.passwordRequired)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(screen.getByText(MSG.enterValidUsername)).toBeTruthy());
  });
});
