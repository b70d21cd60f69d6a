import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ResourceTable } from '../../components/ResourceTable.tsx';
import { NEW_SECRET_KEY } from './api.ts';
import { webhookEndpointUi } from './endpoints.resource.tsx';
import { SecretModal } from './SecretModal.tsx';

/** `Integration/Webhooks`; right after a creation, the new endpoint's secret, once. */
export default function EndpointListPage() {
  const queryClient = useQueryClient();
  const [secret, setSecret] = useState(() => queryClient.getQueryData<string>(NEW_SECRET_KEY));
  return (
    <>
      <ResourceTable resource={webhookEndpointUi} />
      <SecretModal
        secret={secret}
        onClose={() => {
          queryClient.removeQueries({ queryKey: NEW_SECRET_KEY });
          setSecret(undefined);
        }}
      />
    </>
  );
}
