import CampaignFormPage from './CampaignFormPage.tsx';

export default function CampaignEditPage() {
  return <CampaignFormPage mode="edit" />;
}
