import type { WebhookEndpointInput } from '@loyalty/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { ResourceForm } from '../../components/ResourceForm.tsx';
import { useWriteOutcome } from '../../components/writeOutcome.ts';
import { NEW_SECRET_KEY } from './api.ts';
import { endpointApi, webhookEndpointUi } from './endpoints.resource.tsx';

/**
 * `Integration/Webhooks/Add`: the form; the answer's signing secret is handed to the list, which
 * the form goes back to, to be shown once.
 */
export default function EndpointCreatePage() {
  const outcome = useWriteOutcome();
  const queryClient = useQueryClient();
  const submit = async (input: WebhookEndpointInput) => {
    const done = await outcome(endpointApi.create(input), {
      success: webhookEndpointUi.messages.created,
      failure: webhookEndpointUi.messages.createFailed,
    });
    if (!done.ok) return { ok: false as const, fieldErrors: done.error?.errors ?? [] };
    if (done.result.kind === 'applied') queryClient.setQueryData(NEW_SECRET_KEY, done.result.data.secret);
    await queryClient.invalidateQueries({ queryKey: [webhookEndpointUi.key] });
    return { ok: true as const };
  };
  return <ResourceForm resource={webhookEndpointUi} onSubmit={submit} saving={false} />;
}
