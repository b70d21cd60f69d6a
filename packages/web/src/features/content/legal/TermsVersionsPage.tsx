import { LegalVersionsPage } from './LegalVersionsPage.tsx';

export default function TermsVersionsPage() {
  return <LegalVersionsPage kind="TERMS" />;
}
