import { ReactNode, useState } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import {
  isLoggedIn,
  useIsLoggedIn,
  useStoredItem,
  useStoredUser,
  STORAGE_KEYS,
} from '@/lib/storage';

/** Home needs the login flag and the stored user, else /login (spec 01 §2). */
export function RequireHomeSession({ children }: { children: ReactNode }) {
  const loggedIn = useIsLoggedIn();
  return loggedIn ? children : <Navigate to={paths.login} replace />;
}

/** A guarded route needs the login flag in local storage, else /login. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const login = useStoredItem(STORAGE_KEYS.login);
  const location = useLocation();
  return login === 'true' ? (
    children
  ) : (
    <Navigate to={paths.login} replace state={{ from: location.pathname }} />
  );
}

/** The facility board: login flag needed; a user without the clinops flag is sent to /. */
export function RequireClinops({ children }: { children: ReactNode }) {
  const login = useStoredItem(STORAGE_KEYS.login);
  const user = useStoredUser();
  if (login !== 'true') {
    return <Navigate to={paths.login} replace />;
  }
  return user?.clinopsuser ? children : <Navigate to={paths.home} replace />;
}

/**
 * /login and sign-up are for a visitor without a session: a logged-in user opening them goes to
 * /, where a login lands. The test is Home's, so the two never send a visitor back and forth (an
 * ended session is cleared before the app shows /login). Decided on arrival only: a login made on
 * the screen then goes on to its partner's home itself (use-login.ts), not to / ahead of it.
 */
export function RedirectLoggedIn({ children }: { children: ReactNode }) {
  const [loggedIn] = useState(isLoggedIn);
  return loggedIn ? <Navigate to={paths.home} replace /> : children;
}
