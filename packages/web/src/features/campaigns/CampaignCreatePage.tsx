import CampaignFormPage from './CampaignFormPage.tsx';

export default function CampaignCreatePage() {
  return <CampaignFormPage mode="create" />;
}
