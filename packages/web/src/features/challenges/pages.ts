import { areaPages, type ScreenPages } from '../../components/lazyPage.tsx';

const page = areaPages('challenges');

/** The challenges' screens (routes, labels, permissions: their contracts descriptor). */
export const challengeResourcePages = {
  challenges: {
    list: page(() => import('./ChallengeListPage.tsx')),
    create: page(() => import('./ChallengeCreatePage.tsx')),
    edit: page(() => import('./ChallengeEditPage.tsx')),
    view: page(() => import('./ChallengePage.tsx')),
  },
} satisfies Record<string, ScreenPages>;
