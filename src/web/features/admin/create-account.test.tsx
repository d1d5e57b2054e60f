// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import {
  createUserRequestSchema,
  signInOptionsSchema,
  staffUserSchema,
  type SessionUser,
  type StaffUser,
} from '../../../contract/bff-api.ts';
import { consoleBff } from '../../testing/console-bff.ts';
import { renderConsoleAt } from '../../testing/render-console.tsx';

const ADMIN: SessionUser = { username: 'admin', role: 'admin', environment: 'sandbox' };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const label = (text: string) => screen.getByLabelText<HTMLInputElement>(text);

async function create(username: string, password = 'a-long-enough-password') {
  fireEvent.change(label('Username'), { target: { value: username } });
  fireEvent.change(label('Initial password'), { target: { value: password } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
  });
}

it('says “Account created.” only for the create that made one, not after a refusal in the browser or by the BFF', async () => {
  const users: StaffUser[] = [];
  const bff = consoleBff(ADMIN)
    .own('GET', '/bff/sign-in-options', signInOptionsSchema, () => ({
      status: 200,
      body: { local: true, sso: 'off', passkey: false },
    }))
    .own('GET', '/bff/users', z.array(staffUserSchema), () => ({ status: 200, body: users }))
    .own('POST', '/bff/users', staffUserSchema, (request) => {
      const asked = createUserRequestSchema.parse(request.body);
      if (users.some((user) => user.username === asked.username))
        return { status: 400, body: { username: ['An account with this username exists.'] } };
      const created: StaffUser = {
        username: asked.username,
        role: asked.role,
        disabled: false,
        createdAt: '2026-11-29T09:00:00Z',
        mustChangePassword: true,
        lastSignInAt: null,
      };
      users.push(created);
      return { status: 201, body: created };
    });
  await renderConsoleAt('/admin/accounts', bff);
  await screen.findByRole('heading', { level: 1 });

  await create('new.colleague');
  expect(await screen.findByText('Account created.')).toBeTruthy();
  expect(await screen.findByRole('cell', { name: 'new.colleague' })).toBeTruthy();

  // Refused in the browser: no request at all.
  await create('Not Valid', 'short');
  expect(await screen.findByText('Use at least 12 characters.')).toBeTruthy();
  expect(screen.queryByText('Account created.')).toBeNull();
  expect(bff.sent('POST', /^\/bff\/users$/)).toHaveLength(1);

  // Refused by the BFF: the name is taken.
  await create('new.colleague');
  expect(await screen.findByText('An account with this username exists.')).toBeTruthy();
  await waitFor(() => expect(screen.queryByText('Account created.')).toBeNull());
  expect(bff.sent('POST', /^\/bff\/users$/)).toHaveLength(2);
  bff.assertAllHandled();
});
