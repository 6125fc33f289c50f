import { Alert, Button, Divider, Stack } from "@mantine/core";
import { errorMessage, isErrorCode } from "@planum/contracts";
import { IconKey } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { API_PREFIX } from "../../shared/api-client";
import { currentLanguage } from "../../shared/i18n";
import { ssoProvidersRequest } from "./auth-api";

/**
 * The login page's single sign-on part: why the last attempt through a provider failed (the server sends the
 * browser back with `sso-error`), and a "Sign in with …" button per provider the installation configured. The
 * buttons are plain links: the sign-in is a round trip of the whole page through the provider.
 */
export function SsoSignIn({ from }: { from: string | null }) {
  const { t } = useTranslation("auth");
  const [params] = useSearchParams();
  const providers = useQuery({ queryKey: ["auth", "sso-providers"], queryFn: ssoProvidersRequest, staleTime: 300_000 });
  const failure = params.get("sso-error");
  const list = providers.data?.providers ?? [];
  const returnTo = from ? `?returnTo=${encodeURIComponent(from)}` : "";
  return (
    <>
      {failure && (
        <Alert color="red" role="alert" title={t("sso.failed")}>
          {isErrorCode(failure) ? errorMessage(currentLanguage(), failure) : failure}
        </Alert>
      )}
      {list.length > 0 && (
        <Stack gap="xs">
          <Divider label={t("sso.or")} labelPosition="center" />
          {list.map((provider) => (
            <Button
              key={provider.kind}
              component="a"
              href={`${API_PREFIX}/auth/${provider.kind}${returnTo}`}
              variant="default"
              leftSection={<IconKey size={16} />}
              fullWidth
              styles={{ label: { whiteSpace: "normal", textAlign: "center" } }}
            >
              {t("sso.signInWith", { name: provider.name })}
            </Button>
          ))}
        </Stack>
      )}
    </>
  );
}
