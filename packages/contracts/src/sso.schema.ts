import { z } from "zod";

/** The single sign-on providers an installation trusts, each with the route that starts a sign-in through it. */
export const SSO_PROVIDER_KINDS = ["openidconnect", "adfs", "kerberos"] as const;
export type SsoProviderKind = (typeof SSO_PROVIDER_KINDS)[number];

export const ssoProviderSchema = z.object({
  kind: z.enum(SSO_PROVIDER_KINDS),
  /** The button's text after "Sign in with" (the installation names it: "Keycloak", "Entra ID"…). */
  name: z.string(),
});
export type SsoProvider = z.infer<typeof ssoProviderSchema>;

/** GET /auth/openid: what the login page offers besides the password form. */
export const ssoProvidersSchema = z.object({ providers: z.array(ssoProviderSchema) });
export type SsoProviders = z.infer<typeof ssoProvidersSchema>;

/**
 * GET /auth/openidconnect and /auth/adfs: without `code` (and without `error`) a sign-in starts (`returnTo` is the
 * page to land on); with them, it is the provider's answer (the redirect back, RFC 6749 §4.1.2).
 */
export const ssoQuery = z.object({
  returnTo: z.string().max(2000).optional(),
  code: z.string().max(4000).optional(),
  state: z.string().max(500).optional(),
  error: z.string().max(500).optional(),
  error_description: z.string().max(2000).optional(),
  iss: z.string().max(2000).optional(),
  session_state: z.string().max(2000).optional(),
});
export type SsoQuery = z.infer<typeof ssoQuery>;

/** POST /auth/adfs/callback: ADFS answers by form post (`response_mode=form_post`). */
export const ssoFormPostBody = z.object({
  code: z.string().max(4000).optional(),
  state: z.string().max(500).optional(),
  error: z.string().max(500).optional(),
  error_description: z.string().max(2000).optional(),
  id_token: z.string().max(20000).optional(),
  iss: z.string().max(2000).optional(),
  session_state: z.string().max(2000).optional(),
});
export type SsoFormPostBody = z.infer<typeof ssoFormPostBody>;
