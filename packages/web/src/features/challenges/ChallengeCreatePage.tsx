import ChallengeFormPage from './ChallengeFormPage.tsx';

export default function ChallengeCreatePage() {
  return <ChallengeFormPage mode="create" />;
}
