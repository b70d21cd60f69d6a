import { areaPages } from '../../components/lazyPage.tsx';

const page = areaPages('admin');

/** The signed-in user's own `admin` screen, for the route table. */
export const adminPages = {
  // Everyone signed in has their own profile, second factor and sessions.
  admin: { page: page(() => import('./AdminPage.tsx')) },
};
