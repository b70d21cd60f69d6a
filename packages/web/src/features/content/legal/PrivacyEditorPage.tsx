import { LegalEditorPage } from './LegalEditorPage.tsx';

export default function PrivacyEditorPage() {
  return <LegalEditorPage kind="PRIVACY" />;
}
