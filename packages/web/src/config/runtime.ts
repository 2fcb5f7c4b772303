// Values the server writes into index.html when it serves the console (see index.html's meta tags).

const PROVIDER_NAME_META = 'provisor:provider-name';
const SERVER_ADDRESS_META = 'provisor:server-address';
const PROVIDER_NAME_PLACEHOLDER = '__PROVISOR_PROVIDER_NAME__';
const SERVER_ADDRESS_PLACEHOLDER = '__PROVISOR_SERVER_ADDRESS__';

function readMeta(doc: Document, name: string, placeholder: string): string {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.trim() ?? '';
  // An unfilled placeholder (vite dev/preview, or a server that does not substitute) counts as missing.
  return content === placeholder ? '' : content;
}

/** The provider's name shown in the header and on the login screen; empty when not configured. */
export function readProviderName(doc: Document = document): string {
  return readMeta(doc, PROVIDER_NAME_META, PROVIDER_NAME_PLACEHOLDER);
}

/** The ACS address and port shown in the header, e.g. "127.0.0.1:3029"; falls back to the page's host. */
export function readServerAddress(doc: Document = document, fallbackHost: string = location.host): string {
  return readMeta(doc, SERVER_ADDRESS_META, SERVER_ADDRESS_PLACEHOLDER) || fallbackHost;
}
