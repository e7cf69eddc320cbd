// A local OpenID Connect issuer standing in for Google in the browser tests: oidc-provider's
// development login accepts any e-mail address as the login and vouches for it as verified.
import { createServer } from 'node:http';
import Provider from 'oidc-provider';

export const E2E_OIDC_CLIENT = { id: 'twinclean-e2e', secret: 'twinclean-e2e-secret' };

export async function startOidcIssuer(port: number, redirectUri: string): Promise<string> {
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: E2E_OIDC_CLIENT.id,
        client_secret: E2E_OIDC_CLIENT.secret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['given_name', 'family_name', 'name'],
    },
    findAccount: (_ctx, id) => ({
      accountId: id,
      claims: () => ({
        sub: `google-${id}`,
        email: id,
        email_verified: true,
        given_name: 'Gia',
        family_name: 'Google',
      }),
    }),
    features: { devInteractions: { enabled: true } },
  });
  await new Promise<void>((resolve) =>
    createServer(provider.callback()).listen(port, '127.0.0.1', resolve),
  );
  return issuer;
}
