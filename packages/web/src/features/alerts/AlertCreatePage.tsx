import AlertFormPage from './AlertFormPage.tsx';

export default function AlertCreatePage() {
  return <AlertFormPage mode="create" />;
}
