import ChallengeFormPage from './ChallengeFormPage.tsx';

export default function ChallengeEditPage() {
  return <ChallengeFormPage mode="edit" />;
}
