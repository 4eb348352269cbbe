import { afterEach, describe, expect, it } from 'vitest';
import { authStorage, decodeToken, isSignedInToken, tokenState } from './auth-storage';
import { fakeJwt, inSeconds, sampleUser } from './test-fixtures';

afterEach(() => localStorage.clear());

describe('tokenState', () => {
  it('AUTH-17 a missing token counts as signed out', () => {
    expect(tokenState(null)).toBe('missing');
    expect(tokenState('')).toBe('missing');
    expect(isSignedInToken(null)).toBe(false);
  });

  it('AUTH-18 a token whose exp has passed counts as signed out', () => {
    const token = fakeJwt({ userId: 'u1', role: 'User', exp: inSeconds(-60) });
    expect(tokenState(token)).toBe('expired');
    expect(isSignedInToken(token)).toBe(false);
    // exp is in seconds: exactly now is already expired.
    const now = Date.now();
    expect(tokenState(fakeJwt({ exp: Math.floor(now / 1000) }), now)).toBe('expired');
  });

  it('AUTH-19 a token that cannot be parsed is treated as signed in', () => {
    for (const token of ['not-a-jwt', 'a.%%%.c', `x.${btoa('"just a string"')}.y`, fakeJwt({ userId: 'u1' })]) {
      expect(tokenState(token)).toBe('unparsable');
      expect(isSignedInToken(token)).toBe(true);
    }
  });

  it('ENTITY-49 a token with a future exp is valid and its payload carries userId and exp', () => {
    const token = fakeJwt({ userId: 'u1', role: 'User', exp: inSeconds(600) });
    expect(tokenState(token)).toBe('valid');
    expect(isSignedInToken(token)).toBe(true);
    expect(decodeToken(token)).toMatchObject({ userId: 'u1', role: 'User', exp: expect.any(Number) });
  });
});

describe('authStorage', () => {
  it('AUTH-03 stores token, refresh token and user in local storage and clears all three', () => {
    const user = sampleUser();
    authStorage.save({ token: 't1', refreshToken: 'r1' }, user);
    expect(localStorage.getItem('token')).toBe('t1');
    expect(localStorage.getItem('refreshToken')).toBe('r1');
    expect(authStorage.user()).toMatchObject({ id: 'u1', firstName: 'Bea' });
    authStorage.clear();
    expect([authStorage.token(), authStorage.refreshToken(), authStorage.user()]).toEqual([null, null, null]);
  });

  it('reads a corrupt stored user as none instead of throwing', () => {
    localStorage.setItem('user', '{not json');
    expect(authStorage.user()).toBeNull();
  });
});
