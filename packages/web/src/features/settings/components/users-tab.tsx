// Issue 22: the Users tab of Settings (admins only): the list, Add user, and per row a role, disable or
// enable, and a new password. Disabling and a new password sign the user out everywhere.
import { generatePassword } from '@provisor/common';
import type { Role, User } from '@provisor/server/contract';
import { Info, KeyRound, RefreshCw, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyButton } from '@/components/ui/copy-button';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { ErrorBanner } from '@/components/ui/error-banner';
import { FormField, inputClass } from '@/components/ui/form-field';
import { LoadFailure } from '@/components/ui/load-failure';
import { Spinner } from '@/components/ui/spinner';
import { serverDetail } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import { RoleOptions } from './role-options';
import { toast } from '@/lib/toast';
import { useAuthStore } from '@/stores/auth-store';
import { useCreateUser, useUpdateUser, useUsers } from '../api/users';
import {
  GENERATED_PASSWORD_LENGTH,
  PASSWORD_RULES,
  passwordProblem,
  validateNewUser,
  type NewUserErrors,
  type NewUserValues,
} from '../lib/user-form';

export const SIGN_OUT_NOTE =
  'Disabling a user or resetting their password signs them out everywhere, at their next call.';

const NO_ANSWER = 'The server did not answer. Check that it is running, then try again.';

export function UsersTab() {
  const query = useUsers();
  const [resetting, setResetting] = useState<User | null>(null);
  const [toggling, setToggling] = useState<User | null>(null);
  return (
    <div className="space-y-4">
      <p className="flex items-start gap-2 rounded-md bg-blue-50 p-3 text-sm text-blue-900 ring-1 ring-blue-200">
        <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
        {SIGN_OUT_NOTE}
      </p>
      <AddUserForm />
      {query.isPending ? (
        <div role="status" className="flex justify-center py-8">
          <Spinner className="h-6 w-6" />
          <span className="sr-only">Loading users...</span>
        </div>
      ) : query.isError ? (
        <LoadFailure
          title="Failed to load users"
          detail={serverDetail(query.error) ?? 'Please check if the server is running and try again.'}
          onRetry={() => void query.refetch()}
          boxed
        />
      ) : (
        <UsersTable users={query.data.users} onReset={setResetting} onToggle={setToggling} />
      )}
      {resetting ? <ResetPasswordDialog user={resetting} onClose={() => setResetting(null)} /> : null}
      {toggling ? <DisableDialog user={toggling} onClose={() => setToggling(null)} /> : null}
    </div>
  );
}

function AddUserForm() {
  const [values, setValues] = useState<NewUserValues>({ username: '', password: '', role: 'viewer' });
  const [errors, setErrors] = useState<NewUserErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const create = useCreateUser();
  const set = (key: keyof NewUserValues, value: string) => {
    setValues((now) => ({ ...now, [key]: value }));
    setErrors((now) => ({ ...now, [key]: undefined }));
  };
  const onSubmit = () => {
    setRefusal(null);
    const found = validateNewUser(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    create.mutate(values, {
      onSuccess: (created) => {
        toast.success('User added', { description: `${created.username} can sign in as ${created.role}.` });
        setValues({ username: '', password: '', role: 'viewer' });
      },
      // Everything typed stays in the form.
      onError: (error) => setRefusal(serverDetail(error) ?? NO_ANSWER),
    });
  };
  return (
    <form
      noValidate
      aria-label="Add user"
      className="space-y-3 rounded-lg bg-white p-4 ring-1 ring-slate-200"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <h3 className="text-sm font-semibold text-slate-900">Add user</h3>
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField label="Username" error={errors.username}>
          {(props) => (
            <input
              {...props}
              className={inputClass}
              autoComplete="off"
              value={values.username}
              onChange={(event) => set('username', event.target.value)}
            />
          )}
        </FormField>
        <FormField label="Password" error={errors.password} hint={PASSWORD_RULES}>
          {(props) => (
            <input
              {...props}
              type="password"
              className={inputClass}
              autoComplete="new-password"
              value={values.password}
              onChange={(event) => set('password', event.target.value)}
            />
          )}
        </FormField>
        <FormField label="Role">
          {(props) => (
            <select
              {...props}
              className={inputClass}
              value={values.role}
              onChange={(event) => set('role', event.target.value)}
            >
              <RoleOptions />
            </select>
          )}
        </FormField>
      </div>
      {refusal ? (
        <ErrorBanner
          title="The server refused the user"
          items={[refusal]}
          onDismiss={() => setRefusal(null)}
        />
      ) : null}
      <button type="submit" className={buttonClass('primary')} disabled={create.isPending}>
        {create.isPending ? (
          <Spinner className="h-4 w-4" />
        ) : (
          <UserPlus aria-hidden="true" className="h-4 w-4" />
        )}
        Add User
      </button>
    </form>
  );
}

function UsersTable({
  users,
  onReset,
  onToggle,
}: {
  users: User[];
  onReset: (user: User) => void;
  onToggle: (user: User) => void;
}) {
  const update = useUpdateUser();
  const me = useAuthStore((state) => state.username);
  const changeRole = (user: User, role: Role) =>
    update.mutate(
      { id: user.id, role },
      {
        onSuccess: (saved) =>
          toast.success('Role changed', { description: `${saved.username} is now ${saved.role}.` }),
        onError: (error) =>
          toast.error('Failed to change the role', { description: serverDetail(error) ?? NO_ANSWER }),
      },
    );
  if (users.length === 0) return <p className="text-sm text-slate-600">No users</p>;
  // The server refuses to demote or disable the last enabled admin (409 Last admin): said here first.
  const enabledAdmins = users.filter((u) => u.role === 'admin' && !u.disabled).length;
  const lastAdmin = (user: User) => user.role === 'admin' && !user.disabled && enabledAdmins === 1;
  const LAST_ADMIN =
    'The last enabled admin keeps the admin role and cannot be disabled: make another user an admin first.';
  return (
    <div className="overflow-x-auto rounded-lg bg-white ring-1 ring-slate-200">
      <table className="min-w-full text-left text-sm">
        <thead className="text-xs text-slate-500 uppercase">
          <tr>
            <th className="px-3 py-2">Username</th>
            <th className="px-3 py-2">Role</th>
            <th className="px-3 py-2">Status</th>
            <th className="px-3 py-2">Created</th>
            <th className="px-3 py-2">Last sign-in</th>
            <th className="px-3 py-2">Actions</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {users.map((user) => (
            <tr key={user.id}>
              <td className="px-3 py-2 font-medium whitespace-nowrap text-slate-900">
                {user.username}
                {user.username === me ? <span className="ml-1 text-xs text-slate-500">(you)</span> : null}
              </td>
              <td className="px-3 py-2">
                <select
                  aria-label={`Role of ${user.username}`}
                  className={`${inputClass} min-w-28`}
                  value={user.role}
                  disabled={update.isPending || lastAdmin(user)}
                  title={lastAdmin(user) ? LAST_ADMIN : undefined}
                  onChange={(event) => changeRole(user, event.target.value as Role)}
                >
                  <RoleOptions />
                </select>
              </td>
              <td className="px-3 py-2">
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${
                    user.disabled
                      ? 'bg-slate-100 text-slate-600 ring-slate-300'
                      : 'bg-green-50 text-green-700 ring-green-200'
                  }`}
                >
                  {user.disabled ? 'Disabled' : 'Active'}
                </span>
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(user.createdAt)}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                {user.lastSignInAt ? formatDateTime(user.lastSignInAt) : 'Never'}
              </td>
              <td className="px-3 py-2">
                <div className="flex gap-2">
                  <button
                    type="button"
                    className={buttonClass('secondary', 'sm')}
                    onClick={() => onToggle(user)}
                    disabled={lastAdmin(user)}
                    title={lastAdmin(user) ? LAST_ADMIN : undefined}
                    aria-label={`${user.disabled ? 'Enable' : 'Disable'} ${user.username}`}
                  >
                    {user.disabled ? 'Enable' : 'Disable'}
                  </button>
                  <button
                    type="button"
                    className={`${buttonClass('secondary', 'sm')} whitespace-nowrap`}
                    onClick={() => onReset(user)}
                    aria-label={`Reset password of ${user.username}`}
                  >
                    <KeyRound aria-hidden="true" className="h-4 w-4" />
                    Reset password
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DisableDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const update = useUpdateUser();
  const disabling = !user.disabled;
  const [error, setError] = useState<string | undefined>();
  return (
    <ConfirmDialog
      title={disabling ? 'Disable user' : 'Enable user'}
      message={
        disabling
          ? `Disable ${user.username}? They are signed out everywhere and cannot sign in until enabled again.`
          : `Enable ${user.username}? They can sign in again with their password.`
      }
      confirmLabel={disabling ? 'Disable' : 'Enable'}
      confirmVariant={disabling ? 'danger' : 'primary'}
      pending={update.isPending}
      error={error}
      onCancel={onClose}
      onConfirm={() =>
        update.mutate(
          { id: user.id, disabled: disabling },
          {
            onSuccess: () => {
              toast.success(disabling ? 'User disabled' : 'User enabled', { description: user.username });
              onClose();
            },
            onError: (failure) => setError(serverDetail(failure) ?? NO_ANSWER),
          },
        )
      }
    />
  );
}

const generate = () => generatePassword({ length: GENERATED_PASSWORD_LENGTH });

function ResetPasswordDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const update = useUpdateUser();
  const [password, setPassword] = useState(generate);
  const [problem, setProblem] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<string | undefined>();
  const [done, setDone] = useState<string | null>(null);
  const onSubmit = () => {
    setRefusal(undefined);
    const found = passwordProblem(password, user.username);
    setProblem(found);
    if (found) return;
    update.mutate(
      { id: user.id, password },
      {
        onSuccess: () => setDone(password),
        onError: (error) => setRefusal(serverDetail(error) ?? NO_ANSWER),
      },
    );
  };
  if (done !== null)
    return (
      <Dialog title={`New password for ${user.username}`} onClose={onClose}>
        <p className="text-sm text-slate-700">
          The password is set and {user.username} is signed out everywhere. Hand it over now: it is not shown
          again.
        </p>
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <code
            data-testid="new-password"
            className="rounded bg-slate-100 px-2 py-1 font-mono text-sm break-all"
          >
            {done}
          </code>
          <CopyButton text={done} />
        </div>
        <DialogFooter>
          <button type="button" className={buttonClass('primary')} onClick={onClose}>
            Done
          </button>
        </DialogFooter>
      </Dialog>
    );
  return (
    <Dialog
      title={`Reset password of ${user.username}`}
      description="A generated password is offered; type your own if you prefer."
      onClose={onClose}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
        className="space-y-3"
      >
        <FormField label="New password" error={problem} hint={PASSWORD_RULES}>
          {(props) => (
            <input
              {...props}
              className={`${inputClass} font-mono`}
              autoComplete="off"
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setProblem(undefined);
              }}
            />
          )}
        </FormField>
        <button
          type="button"
          className={buttonClass('ghost', 'sm')}
          onClick={() => {
            setPassword(generate());
            setProblem(undefined);
          }}
        >
          <RefreshCw aria-hidden="true" className="h-4 w-4" />
          Generate another
        </button>
        <p className="text-sm text-slate-600">{SIGN_OUT_NOTE}</p>
        {refusal ? <ErrorBanner title="The server refused the password" items={[refusal]} /> : null}
        <DialogFooter>
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={onClose}
            disabled={update.isPending}
          >
            Cancel
          </button>
          <button type="submit" className={buttonClass('danger')} disabled={update.isPending}>
            Reset Password
          </button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
