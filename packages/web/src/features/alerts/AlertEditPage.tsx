import AlertFormPage from './AlertFormPage.tsx';

export default function AlertEditPage() {
  return <AlertFormPage mode="edit" />;
}
