import fastifyJwt from '@fastify/jwt';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely, Selectable } from 'kysely';
import { isAdminRole, isSuperAdminRole } from '@vm/shared/constants';
import { MSG } from '@vm/shared/messages';
import type { DB, UsersTable } from '../db/schema.ts';
import { forbidden, unauthorized } from '../lib/http-errors.ts';

type UserRow = Selectable<UsersTable>;

export interface AuthUser {
  id: string;
  role: string;
  isAdmin: boolean;
  isSuperAdmin: boolean;
  row: UserRow;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Hook: requires a valid token of an active user (the signed-in subtree's onRequest in routes.ts). */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Hook: requires an admin role, authenticating first when needed (the admin subtree's onRequest in routes.ts). */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Hook: reads a token when one is sent, ignores a missing or bad one. */
    optionalAuth: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    signAccessToken: (subject: AccessTokenSubject) => string;
  }
  interface FastifyRequest {
    auth: AuthUser | null;
  }
}
declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: { userId: string; role: string; tokenVersion: number };
    user: { userId: string; role: string; tokenVersion: number; exp: number };
  }
}

/** Whom an access token is signed for: the user, their role, and their current users.token_version. */
export interface AccessTokenSubject {
  id: string;
  role: string;
  tokenVersion: number;
}

export const ACCESS_TOKEN_TTL = '15m';
/** The code of fast-jwt's TokenError (what app.jwt.verify throws) for a token past its exp. */
const JWT_EXPIRED = 'FAST_JWT_EXPIRED';

export interface AuthPluginOptions {
  /** The key access tokens are signed with. */
  secret: string;
  /**
   * The account a token names (a deleted one is none): app.ts passes the auth feature's
   * findUserById. Passed in, because a plugin imports no feature: every feature imports the plugins.
   */
  findUser: (db: Kysely<DB>, id: string) => Promise<UserRow | undefined>;
}

/**
 * Access tokens are HS256 JWTs carrying userId, role, tokenVersion and exp. Every request
 * re-reads the user, so a deleted or deactivated account stops working at once, the role is the
 * current one, and a token signed before the user's last logout or password change (an older
 * tokenVersion) is refused (docs/decisions/111-token-version-and-login-limits.md).
 */
export const authPlugin = fp<AuthPluginOptions>(async (app, { secret, findUser }) => {
  await app.register(fastifyJwt, {
    secret,
    sign: { algorithm: 'HS256', expiresIn: ACCESS_TOKEN_TTL },
    // exp is required: fast-jwt accepts a token without one as never expiring, and only a token
    // that ends may be handed out (issue #21).
    verify: { algorithms: ['HS256'], requiredClaims: ['exp'] },
  });
  app.decorateRequest('auth', null);

  async function resolve(request: FastifyRequest): Promise<AuthUser> {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw unauthorized(MSG.notSignedIn);
    let payload: { userId?: unknown; tokenVersion?: unknown };
    try {
      // The plugin's verifier (HS256 only) called directly: request.jwtVerify() decodes the
      // token a second time and runs a callback chain around the same check, per request.
      payload = app.jwt.verify(token);
    } catch (err) {
      const expired = (err as { code?: string }).code === JWT_EXPIRED;
      throw unauthorized(expired ? MSG.sessionExpired : MSG.notSignedIn);
    }
    if (typeof payload.userId !== 'string' || !Number.isSafeInteger(payload.tokenVersion))
      throw unauthorized(MSG.notSignedIn);
    const row = await findUser(app.db, payload.userId);
    if (row?.is_active !== 1) throw unauthorized(MSG.notSignedIn);
    // Signed before the user logged out or changed the password: that session has ended.
    if (payload.tokenVersion !== row.token_version) throw unauthorized(MSG.sessionExpired);
    return {
      id: row.id,
      role: row.role,
      isAdmin: isAdminRole(row.role),
      isSuperAdmin: isSuperAdminRole(row.role),
      row,
    };
  }

  app.decorate('authenticate', async (request: FastifyRequest) => {
    request.auth = await resolve(request);
  });
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    request.auth ??= await resolve(request);
    if (!request.auth.isAdmin) throw forbidden(MSG.forbidden);
  });
  app.decorate('optionalAuth', async (request: FastifyRequest) => {
    if (!request.headers.authorization) return;
    try {
      request.auth = await resolve(request);
    } catch {
      request.auth = null;
    }
  });
  app.decorate('signAccessToken', (subject: AccessTokenSubject) =>
    app.jwt.sign({ userId: subject.id, role: subject.role, tokenVersion: subject.tokenVersion }),
  );
});

/** The token of an `Authorization: Bearer <token>` header, as @fastify/jwt reads it. */
function bearerToken(header: string | undefined): string | undefined {
  if (!header || !/^Bearer\s/i.test(header)) return undefined;
  const parts = header.split(' ');
  return parts.length === 2 && parts[1] ? parts[1] : undefined;
}

/** The signed-in user of a route that ran `authenticate` or `requireAdmin`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.auth) throw unauthorized(MSG.notSignedIn);
  return request.auth;
}
