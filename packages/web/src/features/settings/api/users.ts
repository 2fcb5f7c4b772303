// The Users tab's requests (issue 22; admin only). One file for the list and its two changes: they
// share the list's key, and each is a line.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { CreateUserInput, UpdateUserInput, User } from '@provisor/server/contract';

/** GET /api/users */
export const getUsers = (signal?: AbortSignal) => api.get<{ users: User[] }>('/api/users', { signal });

export const usersQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.users.all, queryFn: ({ signal }) => getUsers(signal) });

export const useUsers = () => useQuery(usersQueryOptions());

/** POST /api/users -> 201 User */
export const createUser = (input: CreateUserInput) => api.post<User>('/api/users', input);

/** PATCH /api/users/:id -> User (a new password or disabling signs the user out everywhere). */
export const updateUser = ({ id, ...change }: UpdateUserInput & { id: string }) =>
  api.patch<User>(`/api/users/${encodeURIComponent(id)}`, change);

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
