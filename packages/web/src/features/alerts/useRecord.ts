import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';

/** The route's `:id` and the record it names. */
export function useRecord<T>(key: string, load: (id: number, signal?: AbortSignal) => Promise<T>) {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useQuery({
    queryKey: [key, 'detail', id],
    queryFn: ({ signal }) => load(id, signal),
    enabled: valid,
  });
  return { id, valid, query };
}
