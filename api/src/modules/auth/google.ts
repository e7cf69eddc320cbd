import * as oidc from 'openid-client';
import { z } from 'zod';

/** Google (or any OpenID Connect issuer) sign-in: authorization code flow with PKCE, state and nonce. */
export type GoogleSignIn = {
  start(redirectUri: string): Promise<{ url: string; pending: PendingLogin }>;
  finish(callbackUrl: URL, pending: PendingLogin): Promise<GoogleProfile>;
};

export const pendingLoginSchema = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  codeVerifier: z.string().min(1),
  redirectUri: z.string().url(),
});
export type PendingLogin = z.infer<typeof pendingLoginSchema>;

/**
 * What Google sends back (RFC 6749 §4.1.2): checked here only for shape and size; openid-client
 * reads the URL itself and checks state and code against the pending login. Other keys Google
 * adds (scope, authuser, prompt) pass through untouched.
 */
export const callbackQuerySchema = z.object({
  code: z.string().max(2048).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
});

const claimsSchema = z.object({
  sub: z.string().min(1),
  email: z
    .string()
    .email()
    .transform((e) => e.toLowerCase()),
  email_verified: z.boolean().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  name: z.string().optional(),
});
export type GoogleProfile = {
  subject: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
};

export function createGoogleSignIn(options: {
  issuer: string;
  clientId: string;
  clientSecret: string;
}): GoogleSignIn {
  let configuration: Promise<oidc.Configuration> | undefined;
  const discover = () => {
    // Cached on success only, so an issuer that was down is asked again next time.
    configuration ??= oidc
      .discovery(new URL(options.issuer), options.clientId, options.clientSecret, undefined, {
        execute: new URL(options.issuer).protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  };

  return {
    async start(redirectUri) {
      const config = await discover();
      const pending: PendingLogin = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
        redirectUri,
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state: pending.state,
        nonce: pending.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href, pending };
    },
    async finish(callbackUrl, pending) {
      const config = await discover();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims) throw new Error('The issuer sent no ID token');
      // Google puts the e-mail in the ID token; other issuers may keep it for userinfo.
      const claims = claimsSchema.parse(
        idClaims.email
          ? idClaims
          : {
              ...(await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub)),
              ...idClaims,
            },
      );
      const [first = '', ...rest] = (claims.name ?? '').split(' ');
      return {
        subject: claims.sub,
        email: claims.email,
        emailVerified: claims.email_verified === true,
        firstName: claims.given_name ?? first ?? '',
        lastName: claims.family_name ?? rest.join(' '),
      };
    },
  };
}
