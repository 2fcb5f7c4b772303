import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/test/fetch-stub';
import { renderApp, resetStores, signIn } from '@/test/render-app';

describe('Bulk Operations: Manual Creation tab', { timeout: 30_000 }, () => {
  beforeEach(() => {
    resetStores();
    signIn();
    stubFetch(() => jsonResponse(200, { templates: [], total: 0, limit: 100, offset: 0 }));
  });

  it('links to /customer-routers and marks IP Phones and IPTV Set-top Boxes "Planned"', async () => {
    const user = userEvent.setup();
    renderApp(['/bulk-operations']);
    await user.click(await screen.findByRole('tab', { name: 'Manual Creation' }, { timeout: 5000 }));
    expect(screen.getByRole('link', { name: 'Go to Customer Routers' })).toHaveAttribute(
      'href',
      '/customer-routers',
    );
    for (const name of ['IP Phones', 'IPTV Set-top Boxes']) {
      expect(screen.getByRole('group', { name })).toHaveTextContent('Planned');
    }
  });
});
