import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SCREEN_ROUTES } from '../../src/domain/routes';
import { Guard } from '../../src/app/router';
import { TOKEN_KEY, currentUser } from '../../src/app/session/session';
import { fakeToken } from './token';

function at(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/login" element={<div>login screen</div>} />
        <Route path="/" element={<div>home screen</div>} />
        {SCREEN_ROUTES.filter((r) => r.path !== '/').map((r) => (
          <Route key={r.path} path={r.path} element={<Guard path={r.path}>{<div>{`screen ${r.path}`}</div>}</Guard>} />
        ))}
      </Routes>
    </MemoryRouter>,
  );
}

describe('route guards (SPEC §2) for levels 1–5', () => {
  it('sends a visitor without a session to /login', () => {
    at('/view-customers');
    expect(screen.getByText('login screen')).toBeTruthy();
  });

  for (const level of [1, 2, 3, 4, 5]) {
    it(`lets level ${level} into exactly the routes at or below its level`, () => {
      for (const r of SCREEN_ROUTES.filter((x) => x.path !== '/')) {
        localStorage.setItem(TOKEN_KEY, fakeToken(`u${level}`, level));
        const view = at(r.path);
        const expected = level >= r.minLevel ? `screen ${r.path}` : 'home screen';
        expect(screen.getByText(expected), `${r.path} at level ${level}`).toBeTruthy();
        view.unmount();
      }
    });
  }

  it('removes an expired token and counts the user as logged out', () => {
    localStorage.setItem(TOKEN_KEY, fakeToken('old', 5, -10));
    expect(currentUser()).toBeNull();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    at('/view-team');
    expect(screen.getByText('login screen')).toBeTruthy();
  });
});
