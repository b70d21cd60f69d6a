import { lazyPage } from '../../components/lazyPage.tsx';

/** The signed-in user's own `admin` screen, for the route table. */
export const adminPages = {
  // Everyone signed in has their own profile, second factor and sessions.
  admin: { page: lazyPage(() => import('./AdminPage.tsx')) },
};
