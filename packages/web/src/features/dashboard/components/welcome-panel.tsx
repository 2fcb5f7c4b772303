import { Rocket } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '@/config/constants';
import { readServerAddress } from '@/config/runtime';

/** spec §9 "Settings defaults": the server's port unless configured otherwise. */
const DEFAULT_SERVER_PORT = 3029;

const link = 'font-medium text-blue-700 underline hover:text-blue-900';

/**
 * spec §2 Dashboard: while no device is known, say how to get the first ones in: point them at the
 * server root, create a template per model, use the Provisioning page for bulk operations.
 */
export function WelcomePanel() {
  // The CWMP endpoint is the server root (POST /), plain HTTP, at the address shown in the header.
  const [acsUrl] = useState(() => `http://${readServerAddress()}/`);
  return (
    <section
      aria-labelledby="welcome-heading"
      className="rounded-lg bg-blue-50 p-6 text-sm text-slate-700 ring-1 ring-blue-200"
    >
      <div className="flex items-center gap-3">
        <Rocket aria-hidden="true" className="h-6 w-6 shrink-0 text-blue-600" />
        <h2 id="welcome-heading" className="text-lg font-semibold text-slate-900">
          Welcome to {PRODUCT_NAME}
        </h2>
      </div>
      <p className="mt-2">No devices have connected yet. To start managing your devices:</p>
      <ol className="mt-3 list-decimal space-y-2 pl-5">
        <li>
          Point your devices at the root of this server: set their ACS URL to{' '}
          <code className="rounded bg-white px-1 py-0.5 font-mono text-slate-900">{acsUrl}</code>. The server
          listens on port {DEFAULT_SERVER_PORT} by default.
        </li>
        <li>
          Create a configuration template for each device model on the{' '}
          <Link to="/templates" className={link}>
            Templates
          </Link>{' '}
          page.
        </li>
        <li>
          Use the{' '}
          <Link to="/provisioning" className={link}>
            Provisioning
          </Link>{' '}
          page for bulk operations on many devices at once.
        </li>
      </ol>
      <p className="mt-3">Devices appear here as soon as they send their first Inform.</p>
    </section>
  );
}
