import { LegalVersionsPage } from './LegalVersionsPage.tsx';

export default function PrivacyVersionsPage() {
  return <LegalVersionsPage kind="PRIVACY" />;
}
