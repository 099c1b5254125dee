import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { queryKeys } from '@/api/reference/keys';
import { setSession } from '@/lib/session';
import { allDesignFields, defaultCustomerFields, testAdmin, validAnswer } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { server } from '@/testing/server';
import type { DesignFields } from '@/types/reference';

const SLOW = { timeout: 5000 };

/** An admin on /admin/settings; the server holds `stored` and records every save. */
async function openSettings(stored: DesignFields = defaultCustomerFields(), refuse = false) {
  const user = userEvent.setup();
  const saves: unknown[] = [];
  setSession('admin-token', { user: testAdmin, isAdmin: true, isInHouse: true, is2FaValidated: true, secondFactor: 'verify' });
  server.use(
    http.post('*/service/account/validate-token', () => HttpResponse.json(validAnswer({ user: testAdmin, isAdmin: true, isInHouse: true }))),
    http.get('*/service/admin/settings/design-fields', () => HttpResponse.json(stored)),
    http.post('*/service/admin/settings/design-fields', async ({ request }) => {
      const body = (await request.json()) as DesignFields;
      saves.push(body);
      if (refuse) return HttpResponse.json({ code: 'not_authorized', message: 'no' }, { status: 403 });
      stored = body;
      return HttpResponse.json(body);
    }),
  );
  const app = renderApp('/admin/settings');
  const section = await screen.findByRole('region', { name: 'What customers see' }, SLOW);
  await within(section).findByRole('switch', { name: 'Notes' });
  return { user, saves, section: within(section), ...app };
}

describe('admin settings: what customers see', () => {
  it('shows the saved switches, saves the changed ones and refreshes both field lists', async () => {
    const { user, saves, section, queryClient } = await openSettings();
    // The archive's own list, cached: a save must make it stale.
    queryClient.setQueryData(queryKeys.designFields.viewer, allDesignFields());

    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(section.getByRole('switch', { name: 'Notes' })).not.toBeChecked();
    expect(section.getByRole('switch', { name: 'Original name' })).not.toBeChecked();
    expect(section.getByRole('switch', { name: 'Studio' })).toBeChecked();
    expect(section.getByRole('switch', { name: 'Closed countries' })).toBeChecked();
    expect(section.getAllByRole('switch')).toHaveLength(14);
    expect(section.getByRole('switch', { name: 'Parameter 10' })).toBeChecked();
    expect(section.getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.click(section.getByRole('switch', { name: 'Notes' }));
    await user.click(section.getByRole('switch', { name: 'Parameter 3' }));
    await user.click(section.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('The settings were saved.')).toBeInTheDocument();
    const parameters = Array.from({ length: 10 }, (_, index) => index !== 2);
    expect(saves).toEqual([{ notes: true, originalName: false, studio: true, closedCountries: true, dynamicParameters: parameters }]);
    await waitFor(() => expect(section.getByRole('button', { name: 'Save' })).toBeDisabled());
    expect(section.getByRole('switch', { name: 'Notes' })).toBeChecked();
    expect(section.getByRole('switch', { name: 'Parameter 3' })).not.toBeChecked();
    expect(queryClient.getQueryState(queryKeys.designFields.viewer)?.isInvalidated).toBe(true);
  });

  it('shows a refused save as a translated error toast and keeps the changes', async () => {
    const { user, section } = await openSettings(defaultCustomerFields(), true);
    await user.click(section.getByRole('switch', { name: 'Studio' }));
    await user.click(section.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You are not authorized to access this page.')).toBeInTheDocument();
    expect(section.getByRole('switch', { name: 'Studio' })).not.toBeChecked();
    expect(section.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('is linked from the admin menu', async () => {
    await openSettings();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open menu' }));
    expect(within(screen.getByRole('navigation')).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/admin/settings');
  });
});
