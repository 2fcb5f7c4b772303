import type { Settings } from '@provisor/server/contract';
import { CircleAlert, CircleCheck, Info, Save, ShieldAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { PageHeader } from '@/components/ui/page-header';
import { LoadFailure } from '@/components/ui/load-failure';
import { Spinner } from '@/components/ui/spinner';
import { useRole } from '@/hooks/use-role';
import { serverDetail } from '@/lib/api-error';
import { useUiSettingsStore } from '@/stores/ui-settings-store';
import { useSaveSettings } from '../api/save-settings';
import { useSettings } from '../api/get-settings';
import {
  FIELDS,
  formFromSettings,
  saveBody,
  TAB_OF,
  uiFromForm,
  validateForm,
  type FieldKey,
  type FormErrors,
  type FormValues,
  type SettingsTab,
} from '../lib/settings-form';
import { SettingsFormContext } from './settings-fields';
import { CwmpTab, DatabaseTab, ServerTab, UiSettingsTab } from './settings-tabs';
import { TokensTab } from './tokens-tab';
import { UsersTab } from './users-tab';

/** spec §9: the save banner shows for 3 s. */
export const SAVE_BANNER_MS = 3_000;

const TABS: { value: SettingsTab; label: string }[] = [
  { value: 'server', label: 'Server' },
  { value: 'cwmp', label: 'CWMP/TR-069' },
  { value: 'database', label: 'Database' },
  { value: 'ui', label: 'UI Settings' },
];

/** spec §2 Settings: loading, load failure with Retry, then the form. */
export function SettingsPage() {
  const role = useRole();
  // Issue 22: settings are the admins'. A role known to be another sees why, and nothing is fetched.
  if (role !== null && role !== 'admin')
    return (
      <div>
        <PageHeader title="Settings" />
        <div
          role="alert"
          className="flex items-start gap-3 rounded-lg bg-white p-6 text-sm text-slate-700 ring-1 ring-slate-200"
        >
          <ShieldAlert aria-hidden="true" className="h-5 w-5 shrink-0 text-amber-600" />
          <div>
            <p className="font-semibold text-slate-900">{ADMIN_ONLY_TITLE}</p>
            <p className="mt-1">
              Your role ({role}) cannot see or change the server's settings, users or API tokens. Ask an admin
              if something here needs changing.
            </p>
          </div>
        </div>
      </div>
    );
  return <SettingsScreen isAdmin={role === 'admin'} />;
}

export const ADMIN_ONLY_TITLE = 'Only admins can change settings';

function SettingsScreen({ isAdmin }: { isAdmin: boolean }) {
  const query = useSettings();
  // The tab is the screen's: users and API tokens do not need the settings to have loaded.
  const [tab, setTab] = useState<ScreenTab>('server');
  const tabsId = useId();
  let body;
  if (query.isSuccess) {
    body = <SettingsForm settings={query.data} isAdmin={isAdmin} tab={tab} setTab={setTab} tabsId={tabsId} />;
  } else if (isAdmin && (tab === 'users' || tab === 'tokens')) {
    body = (
      <div className="space-y-4">
        <ScreenTabs tab={tab} setTab={setTab} isAdmin={isAdmin} tabsId={tabsId} />
        <AdminTabPanel tab={tab} tabsId={tabsId} />
      </div>
    );
  } else if (query.isPending) {
    body = (
      <div role="status" className="flex justify-center py-16">
        <Spinner className="h-8 w-8" />
        <span className="sr-only">Loading settings...</span>
      </div>
    );
  } else {
    body = (
      <div className="space-y-4">
        {isAdmin ? <ScreenTabs tab={tab} setTab={setTab} isAdmin={isAdmin} tabsId={tabsId} /> : null}
        <LoadFailure
          title="Failed to load settings"
          detail="Please check if the server is running and try again."
          onRetry={() => void query.refetch()}
          boxed
        />
      </div>
    );
  }
  return (
    <div>
      <PageHeader title="Settings" />
      {body}
    </div>
  );
}

type SaveStatus = 'idle' | 'success' | 'error';

type ScreenTab = SettingsTab | 'users' | 'tokens';

// Issue 22: shown once the server says the signed-in user is an admin (a server without roles has
// no users to manage).
const ADMIN_TABS: { value: ScreenTab; label: string }[] = [
  { value: 'users', label: 'Users' },
  { value: 'tokens', label: 'API Tokens' },
];

/** The screen's tabs: the settings' four, and for admins Users and API Tokens. */
function ScreenTabs({
  tab,
  setTab,
  isAdmin,
  tabsId,
}: {
  tab: ScreenTab;
  setTab: (tab: ScreenTab) => void;
  isAdmin: boolean;
  tabsId: string;
}) {
  return (
    <div role="tablist" aria-label="Settings" className="flex flex-wrap border-b border-slate-200">
      {[...TABS, ...(isAdmin ? ADMIN_TABS : [])].map(({ value, label }) => (
        <button
          key={value}
          type="button"
          role="tab"
          id={`${tabsId}-${value}`}
          aria-selected={tab === value}
          aria-controls={`${tabsId}-panel`}
          onClick={() => setTab(value)}
          className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium ${
            tab === value
              ? 'border-blue-600 text-blue-700'
              : 'border-transparent text-slate-600 hover:text-slate-900'
          }`}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

/** The Users or API Tokens tab's panel. */
function AdminTabPanel({ tab, tabsId }: { tab: 'users' | 'tokens'; tabsId: string }) {
  return (
    <div role="tabpanel" id={`${tabsId}-panel`} aria-labelledby={`${tabsId}-${tab}`} className="min-w-0">
      {tab === 'users' ? <UsersTab /> : <TokensTab />}
    </div>
  );
}

function SettingsForm({
  settings,
  isAdmin,
  tab,
  setTab,
  tabsId,
}: {
  settings: Settings;
  isAdmin: boolean;
  tab: ScreenTab;
  setTab: (tab: ScreenTab) => void;
  tabsId: string;
}) {
  const [values, setValues] = useState<FormValues>(() =>
    formFromSettings(settings, useUiSettingsStore.getState()),
  );
  const [errors, setErrors] = useState<FormErrors>({});
  const formId = useId();
  const settingsTab = tab !== 'users' && tab !== 'tokens';
  const [status, setStatus] = useState<SaveStatus>('idle');
  const [requiresRestart, setRequiresRestart] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const save = useSaveSettings();
  const updateUi = useUiSettingsStore((state) => state.update);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // spec §4 "Settings save": success or error, back to idle after 3 s.
  const show = (next: SaveStatus, restart = false) => {
    setStatus(next);
    setRequiresRestart(restart);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setStatus('idle');
      setRequiresRestart(false);
    }, SAVE_BANNER_MS);
  };

  const setValue = (key: FieldKey, value: string | boolean) => {
    setValues((now) => ({ ...now, [key]: value }));
    setErrors((now) => {
      if (!now[key]) return now;
      const { [key]: _, ...rest } = now;
      return rest;
    });
  };

  const onSave = () => {
    setRefusal(null);
    const found = validateForm(values);
    setErrors(found);
    const bad = Object.keys(found) as FieldKey[];
    if (bad.length > 0) {
      setTab(TAB_OF[FIELDS[bad[0]!].section]);
      return;
    }
    updateUi(uiFromForm(values));
    save.mutate(saveBody(values, settings.database.type === 'postgres'), {
      onSuccess: (saved) => {
        setValues(formFromSettings(saved.settings, uiFromForm(values)));
        show('success', saved.requiresRestart);
      },
      onError: (error) => {
        setRefusal(
          serverDetail(error) ?? 'The server did not answer. Check that it is running, then save again.',
        );
        show('error');
      },
    });
  };

  const errorList = Object.values(errors);
  return (
    <SettingsFormContext value={{ values, errors, setValue }}>
      <div className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <ScreenTabs tab={tab} setTab={setTab} isAdmin={isAdmin} tabsId={tabsId} />
          {settingsTab ? (
            <button type="submit" form={formId} className={buttonClass('primary')} disabled={save.isPending}>
              {save.isPending ? (
                <Spinner className="h-4 w-4" />
              ) : (
                <Save aria-hidden="true" className="h-4 w-4" />
              )}
              Save Settings
            </button>
          ) : null}
        </div>
        {tab === 'users' || tab === 'tokens' ? <AdminTabPanel tab={tab} tabsId={tabsId} /> : null}
        {/* Kept while another tab shows, so nothing typed is lost. */}
        <form
          id={formId}
          noValidate
          hidden={!settingsTab}
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            onSave();
          }}
        >
          {status === 'success' ? (
            <p
              role="status"
              className="flex items-center gap-2 rounded-md bg-green-50 p-3 text-sm text-green-800 ring-1 ring-green-200"
            >
              <CircleCheck aria-hidden="true" className="h-4 w-4" />
              Settings saved successfully
            </p>
          ) : null}
          {status === 'error' ? (
            <p
              role="alert"
              className="flex items-center gap-2 rounded-md bg-red-50 p-3 text-sm text-red-800 ring-1 ring-red-200"
            >
              <CircleAlert aria-hidden="true" className="h-4 w-4" />
              Failed to save settings
            </p>
          ) : null}
          {requiresRestart ? (
            <p
              role="status"
              className="flex items-center gap-2 rounded-md bg-yellow-50 p-3 text-sm text-yellow-800 ring-1 ring-yellow-200"
            >
              <Info aria-hidden="true" className="h-4 w-4" />
              Some changes require server restart to take effect
            </p>
          ) : null}
          {refusal ? (
            <ErrorBanner
              title="The server refused the settings"
              items={[refusal]}
              onDismiss={() => setRefusal(null)}
            />
          ) : null}
          {errorList.length > 0 ? (
            <ErrorBanner title="Fix these fields, then save again" items={errorList} />
          ) : null}

          {settingsTab ? (
            <div
              role="tabpanel"
              id={`${tabsId}-panel`}
              aria-labelledby={`${tabsId}-${tab}`}
              className="min-w-0"
            >
              {tab === 'server' ? (
                <ServerTab />
              ) : tab === 'cwmp' ? (
                <CwmpTab settings={settings} />
              ) : tab === 'database' ? (
                <DatabaseTab settings={settings} />
              ) : (
                <UiSettingsTab />
              )}
            </div>
          ) : null}
        </form>
      </div>
    </SettingsFormContext>
  );
}
