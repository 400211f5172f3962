/**
 * Sign-in state for react-admin (SPEC §4 "Authentication"): authenticated means a stored,
 * unexpired token; signing out removes it and goes to /login, replacing history.
 */
import type { AuthProvider, HttpError, UserIdentity } from 'react-admin';
import { signsOut } from '../domain/failureAlerts';
import { httpRequest, LOGIN_PATH } from './httpClient';
import { LOGIN_ROUTE, USER_SETTINGS_ROUTE, replaceLocation } from './navigation';
import { currentUserClaims, isTokenUnexpired, readToken, removeToken, storeToken } from './sessionToken';
import { isUserRole, type UserRole } from '../schema/userAccount';

export interface Credentials {
  username: string;
  password: string;
}

export interface YardstickIdentity extends UserIdentity {
  firstName: string;
  lastName: string;
  username?: string;
}

/**
 * What the screens show the signed-in user (react-admin's permissions), read from the token's
 * claims: the server checks the stored role and one-time state on every request, this only
 * decides what to offer. A token without a role (issued before roles) counts as staff.
 */
export interface YardstickPermissions {
  role: UserRole;
  /** Signed in with a one-time password: the password change comes first. */
  mustChangePassword: boolean;
}

export function permissionsOfClaims(claims: Record<string, unknown> | null): YardstickPermissions {
  return {
    role: isUserRole(claims?.role) ? claims.role : 'staff',
    mustChangePassword: claims?.mustChangePassword === true,
  };
}

/** User ids are numbers in the API; a JWT `sub` is a string. */
function userIdOf(sub: unknown): string | number {
  if (typeof sub === 'number') return sub;
  const text = String(sub ?? '');
  return /^\d+$/.test(text) ? Number(text) : text;
}

/** Where a user who signed in with a one-time password changes it (User Settings). */
export const ONE_TIME_PASSWORD_ROUTE = USER_SETTINGS_ROUTE;

function signOut(): false {
  removeToken();
  replaceLocation(LOGIN_ROUTE);
  // react-admin must not redirect again (its redirect pushes a history entry).
  return false;
}

export const authProvider: AuthProvider = {
  async login({ username, password }: Credentials) {
    const { body } = await httpRequest<{ token?: unknown; mustChangePassword?: unknown }>(LOGIN_PATH, {
      method: 'POST',
      body: { username, password },
    });
    if (typeof body?.token !== 'string' || !isTokenUnexpired(body.token)) {
      throw new Error('The server answered the sign-in without a valid token.');
    }
    storeToken(body.token);
    // Where to go next: the password change first after a one-time password (the token says so too).
    return body.mustChangePassword === true ? { redirectTo: ONE_TIME_PASSWORD_ROUTE } : undefined;
  },

  async logout() {
    return signOut();
  },

  async checkAuth() {
    if (isTokenUnexpired(readToken())) return;
    removeToken();
    // `message: false`: being sent to the sign-in screen needs no alert.
    throw { message: false };
  },

  /**
   * react-admin calls this with every failed data provider call: a 401 signs the user out
   * (SPEC §8; the sign-in itself is no data provider call). It signs out here and resolves
   * rather than rejecting, because a rejection would make react-admin resolve the failed call
   * with empty data, which a screen would take for success.
   */
  async checkError(error: HttpError | undefined) {
    if (signsOut(error?.status)) signOut();
  },

  async getPermissions(): Promise<YardstickPermissions> {
    return permissionsOfClaims(currentUserClaims());
  },

  async getIdentity(): Promise<YardstickIdentity> {
    const claims = currentUserClaims();
    if (!claims) throw { message: false };
    const firstName = String(claims.firstName ?? '');
    const lastName = String(claims.lastName ?? '');
    return {
      ...claims,
      id: userIdOf(claims.sub),
      fullName: `${firstName} ${lastName}`.trim(),
      firstName,
      lastName,
      username: typeof claims.username === 'string' ? claims.username : undefined,
    };
  },
};
