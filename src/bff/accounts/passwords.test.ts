import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_PASSWORD_REQUIRED } from '../../contract/accounts.ts';
import { PASSWORD_PROBLEMS } from '../../contract/password-policy.ts';
import { signIn, startSignedInBff, TEST_ADMIN, type SignedInBff } from '../testing/test-bff.ts';
import { MUST_CHANGE_PASSWORD } from './passwords-plugin.ts';

/** Passwords need no platform: nothing listens here. */
const NO_UPSTREAM = 'http://127.0.0.1:9';

describe('password reset, change and policy', () => {
  let bff: SignedInBff;
  const auditOf = async (operation: string) => (await bff.app.auditLog.page({ operation }, 50, 0)).results;

  beforeAll(async () => {
    bff = await startSignedInBff(NO_UPSTREAM);
  });
  afterAll(async () => {
    await bff.app.close();
  });

  const createStaff = async (username: string, password: string) => {
    const created = await bff.call('POST', '/bff/users', bff.admin, { username, password, role: 'operator' });
    expect(created.statusCode).toBe(201);
  };

  describe('creating an account', () => {
    it.each([
      ['aaaaaaaaaaaa', PASSWORD_PROBLEMS.oneCharacter],
      [' '.repeat(12), PASSWORD_PROBLEMS.oneCharacter],
      ['123456789012', PASSWORD_PROBLEMS.common],
      ['Password1234', PASSWORD_PROBLEMS.common],
      ['nina-the-operator', PASSWORD_PROBLEMS.containsUsername],
    ])('refuses %j: %s', async (password, problem) => {
      const answer = await bff.call('POST', '/bff/users', bff.admin, {
        username: 'nina',
        password,
        role: 'viewer',
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ password: [problem] });
      expect(await bff.app.users.get('nina')).toBeUndefined();
    });
  });

  describe('guessable passwords (zxcvbn-ts with the common and German dictionaries, score 3 and more)', () => {
    const guessable = [
      'aaaaaaaaaaab',
      'abcabcabcabc',
      'qwertyuiopas',
      `${' '.repeat(11)}x`,
      'energyconsole',
      'Sommer2026!!',
    ];

    it.each(guessable)('refuses %j for a new account, saying what to do instead', async (password) => {
      const answer = await bff.call('POST', '/bff/users', bff.admin, {
        username: 'nora',
        password,
        role: 'viewer',
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ password: [PASSWORD_PROBLEMS.guessable] });
    });

    it.each(guessable)('refuses %j as one’s own new password', async (password) => {
      const answer = await bff.call('POST', '/bff/password', bff.operator, {
        current_password: 'olga-password-1',
        new_password: password,
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ new_password: [PASSWORD_PROBLEMS.guessable] });
    });

    it('takes the username as context: a password made of it and a pattern is guessable', async () => {
      const answer = await bff.call('POST', '/bff/users', bff.admin, {
        username: 'wilhelmina',
        password: 'Wilhelmin@2026',
        role: 'viewer',
      });
      expect(answer.statusCode).toBe(400);
    });

    it('accepts a few unrelated words', async () => {
      await createStaff('nora', 'quiet violet river stones');
    });
  });

  describe('an admin resets a password', () => {
    it('answers a temporary password once, ends the user’s sessions and forces a change', async () => {
      await createStaff('rita', 'first choice of mine');
      const ritaElsewhere = await signIn(bff.app, 'rita', 'first choice of mine');
      expect((await bff.call('GET', '/bff/user', ritaElsewhere)).statusCode).toBe(200);

      const reset = await bff.call('POST', '/bff/users/rita/password-reset', bff.admin);
      expect(reset.statusCode).toBe(200);
      expect(reset.headers['cache-control']).toBe('no-store');
      const { temporary_password: temporary } = reset.json<{ temporary_password: string }>();
      expect(temporary).toMatch(/^[\w-]{20}$/);
      expect((await bff.call('GET', '/bff/user', ritaElsewhere)).statusCode).toBe(401);
      expect(
        (
          await bff.call('POST', '/bff/login', undefined, {
            username: 'rita',
            password: 'first choice of mine',
          })
        ).statusCode,
      ).toBe(401);

      const signedIn = await bff.call('POST', '/bff/login', undefined, {
        username: 'rita',
        password: temporary,
      });
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.json()).toEqual({ username: 'rita', role: 'operator', must_change_password: true });
      const rita = `${signedIn.cookies[0]!.name}=${signedIn.cookies[0]!.value}`;
      expect((await bff.call('GET', '/bff/user', rita)).json()).toMatchObject({ must_change_password: true });
      expect((await bff.call('GET', '/bff/session', rita)).json()).toMatchObject({
        user: { must_change_password: true },
      });

      // Until the change: every other call is refused, the platform's and the console's own.
      for (const [method, url] of [
        ['GET', '/api/v3/feedin/'],
        ['GET', '/bff/sessions'],
        ['GET', '/bff/search?q=x'],
        ['GET', '/bff/approvals'],
        ['GET', '/bff/nothing-here'],
      ] as const) {
        const refused = await bff.call(method, url, rita);
        expect(refused.statusCode, url).toBe(403);
        expect(refused.json(), url).toEqual({ detail: MUST_CHANGE_PASSWORD, code: 'must_change_password' });
      }

      const sameAgain = await bff.call('POST', '/bff/password', rita, {
        current_password: temporary,
        new_password: temporary,
      });
      expect(sameAgain.statusCode).toBe(400);
      expect(sameAgain.json()).toEqual({ new_password: ['Choose a new password, not the current one.'] });

      const changed = await bff.call('POST', '/bff/password', rita, {
        current_password: temporary,
        new_password: 'a brand new secret',
      });
      expect(changed.statusCode).toBe(204);
      expect((await bff.call('GET', '/bff/user', rita)).json()).not.toHaveProperty('must_change_password');
      expect((await bff.call('GET', '/bff/sessions', rita)).statusCode).toBe(200);
      expect((await bff.app.users.get('rita'))?.mustChangePassword).toBe(false);
      await signIn(bff.app, 'rita', 'a brand new secret');

      const [audited] = await auditOf('bff_users_password_reset');
      expect(audited).toMatchObject({
        username: TEST_ADMIN.username,
        targets: { username: 'rita' },
        status: 200,
      });
      expect(JSON.stringify(await auditOf('bff_password_change'))).not.toContain('a brand new secret');
    });

    it('takes the new password without the temporary one right after signing in with it, and only then', async () => {
      await createStaff('tilo', 'first choice of mine');
      const { temporary_password: temporary } = (
        await bff.call('POST', '/bff/users/tilo/password-reset', bff.admin)
      ).json<{ temporary_password: string }>();
      const tilo = await signIn(bff.app, 'tilo', temporary);
      const sameAgain = await bff.call('POST', '/bff/password', tilo, { new_password: temporary });
      expect(sameAgain.statusCode).toBe(400);
      expect(sameAgain.json()).toEqual({ new_password: ['Choose a new password, not the current one.'] });
      const changed = await bff.call('POST', '/bff/password', tilo, { new_password: 'copper kettle meadow' });
      expect(changed.statusCode, changed.body).toBe(204);
      await signIn(bff.app, 'tilo', 'copper kettle meadow');
      // Once changed, the session is an ordinary one: a further change needs the current password.
      const withoutProof = await bff.call('POST', '/bff/password', tilo, {
        new_password: 'silver birch harbour',
      });
      expect(withoutProof.statusCode).toBe(400);
      expect(withoutProof.json()).toEqual({ current_password: [CURRENT_PASSWORD_REQUIRED] });
      await signIn(bff.app, 'tilo', 'copper kettle meadow');
    });

    it('lists when each account last signed in: never until it does', async () => {
      await createStaff('lina', 'first choice of mine');
      const listed = async () =>
        (await bff.call('GET', '/bff/users', bff.admin))
          .json<{ username: string; lastSignInAt: string | null }[]>()
          .find((user) => user.username === 'lina');
      expect(await listed()).toMatchObject({ lastSignInAt: null });
      const before = Date.now();
      await signIn(bff.app, 'lina', 'first choice of mine');
      const { lastSignInAt } = (await listed())!;
      expect(Date.parse(lastSignInAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    });

    it('lists the account as having to change its password until it does', async () => {
      await createStaff('sven', 'first choice of mine');
      await bff.call('POST', '/bff/users/sven/password-reset', bff.admin);
      const users = (await bff.call('GET', '/bff/users', bff.admin)).json<{ username: string }[]>();
      expect(users.find((user) => user.username === 'sven')).toMatchObject({ mustChangePassword: true });
    });

    it('is for admins only, for existing accounts, and not for one’s own', async () => {
      expect((await bff.call('POST', '/bff/users/olga/password-reset', bff.operator)).statusCode).toBe(403);
      expect((await bff.call('POST', '/bff/users/olga/password-reset', undefined)).statusCode).toBe(401);
      expect((await bff.call('POST', '/bff/users/nobody/password-reset', bff.admin)).statusCode).toBe(404);
      const own = await bff.call('POST', `/bff/users/${TEST_ADMIN.username}/password-reset`, bff.admin);
      expect(own.statusCode).toBe(400);
      expect((await bff.call('GET', '/bff/user', bff.admin)).statusCode).toBe(200);
    });
  });

  describe('changing one’s own password', () => {
    it('keeps this session, ends the others, and the old password no longer signs in', async () => {
      await createStaff('tara', 'first choice of mine');
      const here = await signIn(bff.app, 'tara', 'first choice of mine');
      const laptop = await signIn(bff.app, 'tara', 'first choice of mine');
      const changed = await bff.call('POST', '/bff/password', here, {
        current_password: 'first choice of mine',
        new_password: 'paper lantern river',
      });
      expect(changed.statusCode).toBe(204);
      expect((await bff.call('GET', '/bff/user', here)).statusCode).toBe(200);
      expect((await bff.call('GET', '/bff/user', laptop)).statusCode).toBe(401);
      expect(
        (
          await bff.call('POST', '/bff/login', undefined, {
            username: 'tara',
            password: 'first choice of mine',
          })
        ).statusCode,
      ).toBe(401);
      const [audited] = await auditOf('bff_password_change');
      expect(audited).toMatchObject({ username: 'tara', targets: { username: 'tara' }, status: 204 });
    });

    it('says what is wrong with each field, and changes nothing', async () => {
      await createStaff('uwe', 'first choice of mine');
      const uwe = await signIn(bff.app, 'uwe', 'first choice of mine');
      const weak = await bff.call('POST', '/bff/password', uwe, {
        current_password: 'not my password',
        new_password: 'aaaaaaaaaaaa',
      });
      expect(weak.statusCode).toBe(400);
      expect(weak.json()).toEqual({
        current_password: ['This is not your current password.'],
        new_password: [PASSWORD_PROBLEMS.oneCharacter],
      });
      const common = await bff.call('POST', '/bff/password', uwe, {
        current_password: 'first choice of mine',
        new_password: 'qazwsxedcrfv',
      });
      expect(common.statusCode).toBe(400);
      expect(common.json()).toEqual({ new_password: [PASSWORD_PROBLEMS.common] });
      const withName = await bff.call('POST', '/bff/password', uwe, {
        current_password: 'first choice of mine',
        new_password: 'UWE-and-some-more',
      });
      expect(withName.json()).toEqual({ new_password: [PASSWORD_PROBLEMS.containsUsername] });
      await signIn(bff.app, 'uwe', 'first choice of mine');
    });

    it('needs a session', async () => {
      const answer = await bff.call('POST', '/bff/password', undefined, {
        current_password: 'x',
        new_password: 'paper lantern river',
      });
      expect(answer.statusCode).toBe(401);
    });
  });
});
