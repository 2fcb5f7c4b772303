// The API tokens tab's requests (issue 22; admin only): the list, create (the secret comes back this
// once), revoke, and the OpenAPI document fetched with the session's token.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { ApiToken, CreatedToken, CreateTokenInput } from '@provisor/server/contract';

/** GET /api/tokens */
export const getTokens = (signal?: AbortSignal) => api.get<{ tokens: ApiToken[] }>('/api/tokens', { signal });

export const tokensQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.tokens.all, queryFn: ({ signal }) => getTokens(signal) });

export const useTokens = () => useQuery(tokensQueryOptions());

/** POST /api/tokens -> 201 {token, secret} */
export const createToken = (input: CreateTokenInput) => api.post<CreatedToken>('/api/tokens', input);

/** DELETE /api/tokens/:id -> 204 */
export const revokeToken = (id: string) => api.delete<void>(`/api/tokens/${encodeURIComponent(id)}`);

/** GET /api/openapi.json: needs the bearer header, so it is fetched and saved, not linked. */
export const getOpenApi = () => api.get<Blob>('/api/openapi.json', { responseType: 'blob' });

/** GET /api/docs: the readable reference (plain HTML); fetched with the bearer header too. */
export const getApiDocs = () => api.get<Blob>('/api/docs', { responseType: 'blob' });

function useTokenMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.tokens.all }),
  });
}

export const useCreateToken = () => useTokenMutation(createToken);
export const useRevokeToken = () => useTokenMutation(revokeToken);
