import type { MessageDetail } from '@loyalty/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { WriteResult } from '../../api/client.ts';
import { useWriteOutcome, type WriteMessages } from '../../components/writeOutcome.ts';
import { messagingApi } from './api.ts';

/**
 * The conversation named by the route's `:id`, and `act(write, messages)`: a write through the
 * shared outcome handler, after which the conversation (and the queue) are read again.
 */
export function useConversation() {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const report = useWriteOutcome();
  const queryClient = useQueryClient();
  const conversation = useQuery({
    queryKey: ['messages', 'detail', id],
    queryFn: ({ signal }) => messagingApi.get(id, signal),
    enabled: valid,
  });

  const act = async (write: Promise<WriteResult<MessageDetail>>, messages: WriteMessages) => {
    const outcome = await report(write, messages);
    if (outcome.ok && outcome.result.kind === 'applied') {
      queryClient.setQueryData(['messages', 'detail', id], outcome.result.data);
    }
    void queryClient.invalidateQueries({ queryKey: ['messages'] });
    return outcome;
  };

  return { id, valid, conversation, act };
}
