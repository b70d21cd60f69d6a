import { LegalEditorPage } from './LegalEditorPage.tsx';

export default function TermsEditorPage() {
  return <LegalEditorPage kind="TERMS" />;
}
