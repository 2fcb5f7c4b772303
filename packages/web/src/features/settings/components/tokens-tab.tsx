// Issue 22: the API tokens tab of Settings (admins only): the list with last use, Create (the secret
// shown once), Revoke, and the OpenAPI document for integrators.
import type { ApiToken, CreatedToken } from '@provisor/server/contract';
import { BookOpen, FileDown, KeyRound, TriangleAlert } from 'lucide-react';
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
import { ROLE_LABEL } from '@/lib/roles';
import { RoleOptions } from './role-options';
import { saveFile } from '@/lib/save-file';
import { toast } from '@/lib/toast';
import { getApiDocs, getOpenApi, useCreateToken, useRevokeToken, useTokens } from '../api/tokens';
import { tokenBody, validateTokenForm, type TokenFormErrors, type TokenFormValues } from '../lib/token-form';

const NO_ANSWER = 'The server did not answer. Check that it is running, then try again.';
export const SECRET_WARNING =
  'Copy the token now: it is shown only this once and cannot be shown again. Store it like a password.';

export function TokensTab() {
  const query = useTokens();
  const [created, setCreated] = useState<CreatedToken | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const [downloading, setDownloading] = useState(false);
  const onDownload = () => {
    setDownloading(true);
    getOpenApi()
      .then((blob) => saveFile(blob, 'provisor-openapi.json'))
      .catch((error: unknown) =>
        toast.error('Failed to download the API reference', {
          description: serverDetail(error) ?? NO_ANSWER,
        }),
      )
      .finally(() => setDownloading(false));
  };
  // A browser sends no bearer header when it follows a link, so /api/docs is fetched and shown from
  // memory in a new tab. The tab is opened at the click, before the fetch, so no popup blocker stops it.
  const onOpenDocs = () => {
    const tab = window.open('', '_blank');
    getApiDocs()
      .then((blob) => {
        const url = URL.createObjectURL(new Blob([blob], { type: 'text/html' }));
        if (tab) {
          tab.opener = null;
          tab.location.href = url;
        } else window.location.assign(url);
      })
      .catch((error: unknown) => {
        tab?.close();
        toast.error('Failed to open the API reference', { description: serverDetail(error) ?? NO_ANSWER });
      });
  };
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          Integrators send a token as <code className="font-mono">Authorization: Bearer</code>, with the
          token's role.
        </p>
        <div className="flex flex-wrap gap-2">
          <button type="button" className={buttonClass('secondary')} onClick={onOpenDocs}>
            <BookOpen aria-hidden="true" className="h-4 w-4" />
            Open API reference
          </button>
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={onDownload}
            disabled={downloading}
          >
            {downloading ? (
              <Spinner className="h-4 w-4" />
            ) : (
              <FileDown aria-hidden="true" className="h-4 w-4" />
            )}
            Download API reference (OpenAPI)
          </button>
        </div>
      </div>
      <CreateTokenForm onCreated={setCreated} />
      {query.isPending ? (
        <div role="status" className="flex justify-center py-8">
          <Spinner className="h-6 w-6" />
          <span className="sr-only">Loading tokens...</span>
        </div>
      ) : query.isError ? (
        <LoadFailure
          title="Failed to load API tokens"
          detail={serverDetail(query.error) ?? 'Please check if the server is running and try again.'}
          onRetry={() => void query.refetch()}
          boxed
        />
      ) : (
        <TokensTable tokens={query.data.tokens} onRevoke={setRevoking} />
      )}
      {created ? <SecretDialog created={created} onClose={() => setCreated(null)} /> : null}
      {revoking ? <RevokeDialog token={revoking} onClose={() => setRevoking(null)} /> : null}
    </div>
  );
}

const EMPTY: TokenFormValues = { name: '', role: 'viewer', days: '90', never: false };

function CreateTokenForm({ onCreated }: { onCreated: (created: CreatedToken) => void }) {
  const [values, setValues] = useState<TokenFormValues>(EMPTY);
  const [errors, setErrors] = useState<TokenFormErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const create = useCreateToken();
  const set = <K extends keyof TokenFormValues>(key: K, value: TokenFormValues[K]) => {
    setValues((now) => ({ ...now, [key]: value }));
    setErrors((now) => ({ ...now, [key]: undefined }));
  };
  const onSubmit = () => {
    setRefusal(null);
    const found = validateTokenForm(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    create.mutate(tokenBody(values), {
      onSuccess: (answer) => {
        setValues(EMPTY);
        onCreated(answer);
      },
      onError: (error) => setRefusal(serverDetail(error) ?? NO_ANSWER),
    });
  };
  return (
    <form
      noValidate
      aria-label="Create token"
      className="space-y-3 rounded-lg bg-white p-4 ring-1 ring-slate-200"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <h3 className="text-sm font-semibold text-slate-900">Create token</h3>
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField label="Token name" error={errors.name}>
          {(props) => (
            <input
              {...props}
              className={inputClass}
              value={values.name}
              onChange={(event) => set('name', event.target.value)}
            />
          )}
        </FormField>
        <FormField label="Token role">
          {(props) => (
            <select
              {...props}
              className={inputClass}
              value={values.role}
              onChange={(event) => set('role', event.target.value as TokenFormValues['role'])}
            >
              <RoleOptions />
            </select>
          )}
        </FormField>
        <div className="space-y-1">
          <FormField label="Expires in (days)" error={errors.days}>
            {(props) => (
              <input
                {...props}
                inputMode="numeric"
                className={inputClass}
                disabled={values.never}
                value={values.days}
                onChange={(event) => set('days', event.target.value)}
              />
            )}
          </FormField>
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={values.never}
              onChange={(event) => {
                set('never', event.target.checked);
                setErrors((now) => ({ ...now, days: undefined }));
              }}
            />
            Never expires
          </label>
        </div>
      </div>
      {refusal ? (
        <ErrorBanner
          title="The server refused the token"
          items={[refusal]}
          onDismiss={() => setRefusal(null)}
        />
      ) : null}
      <button type="submit" className={buttonClass('primary')} disabled={create.isPending}>
        {create.isPending ? (
          <Spinner className="h-4 w-4" />
        ) : (
          <KeyRound aria-hidden="true" className="h-4 w-4" />
        )}
        Create Token
      </button>
    </form>
  );
}

function lastUse(token: ApiToken): string {
  if (!token.lastUsedAt) return 'Never';
  return `${formatDateTime(token.lastUsedAt)}${token.lastUsedFrom ? ` from ${token.lastUsedFrom}` : ''}`;
}

function TokensTable({ tokens, onRevoke }: { tokens: ApiToken[]; onRevoke: (token: ApiToken) => void }) {
  if (tokens.length === 0) return <p className="text-sm text-slate-600">No API tokens</p>;
  return (
    <div className="overflow-x-auto rounded-lg bg-white ring-1 ring-slate-200">
      <table className="min-w-full text-left text-sm">
        <thead className="text-xs text-slate-500 uppercase">
          <tr>
            <th className="px-3 py-2">Name</th>
            <th className="px-3 py-2">Role</th>
            <th className="px-3 py-2">Created by</th>
            <th className="px-3 py-2">Created</th>
            <th className="px-3 py-2">Expires</th>
            <th className="px-3 py-2">Last used</th>
            <th className="px-3 py-2">Revoked</th>
            <th className="px-3 py-2">Actions</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {tokens.map((token) => (
            <tr key={token.id} className={token.revokedAt ? 'text-slate-400' : undefined}>
              <td className="px-3 py-2 font-medium whitespace-nowrap">{token.name}</td>
              <td className="px-3 py-2">{ROLE_LABEL[token.role]}</td>
              <td className="px-3 py-2 whitespace-nowrap">{token.createdBy}</td>
              <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(token.createdAt)}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                {token.expiresAt ? formatDateTime(token.expiresAt) : 'Never'}
              </td>
              <td className="px-3 py-2 whitespace-nowrap">{lastUse(token)}</td>
              <td className="px-3 py-2 whitespace-nowrap">
                {token.revokedAt ? formatDateTime(token.revokedAt) : '—'}
              </td>
              <td className="px-3 py-2">
                {token.revokedAt ? null : (
                  <button
                    type="button"
                    className={buttonClass('secondary', 'sm')}
                    aria-label={`Revoke ${token.name}`}
                    onClick={() => onRevoke(token)}
                  >
                    Revoke
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SecretDialog({ created, onClose }: { created: CreatedToken; onClose: () => void }) {
  return (
    <Dialog title={`Token ${created.token.name} created`} onClose={onClose}>
      <p
        role="alert"
        className="flex gap-2 rounded-md bg-yellow-50 p-3 text-sm text-yellow-900 ring-1 ring-yellow-200"
      >
        <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
        {SECRET_WARNING}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <code
          data-testid="token-secret"
          className="rounded bg-slate-100 px-2 py-1 font-mono text-sm break-all"
        >
          {created.secret}
        </code>
        <CopyButton text={created.secret} />
      </div>
      <DialogFooter>
        <button type="button" className={buttonClass('primary')} onClick={onClose}>
          I have copied it
        </button>
      </DialogFooter>
    </Dialog>
  );
}

function RevokeDialog({ token, onClose }: { token: ApiToken; onClose: () => void }) {
  const revoke = useRevokeToken();
  const [error, setError] = useState<string | undefined>();
  return (
    <ConfirmDialog
      title="Revoke token"
      message={`Revoke ${token.name}? Every call made with it is refused from now on. This cannot be undone.`}
      confirmLabel="Revoke"
      pending={revoke.isPending}
      error={error}
      onCancel={onClose}
      onConfirm={() =>
        revoke.mutate(token.id, {
          onSuccess: () => {
            toast.success('Token revoked', { description: token.name });
            onClose();
          },
          onError: (failure) => setError(serverDetail(failure) ?? NO_ANSWER),
        })
      }
    />
  );
}
