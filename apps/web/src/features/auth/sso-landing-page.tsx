import { Loader, Stack, Text } from "@mantine/core";
import type { User } from "@planum/contracts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { api } from "../../shared/api-client";
import { setToken } from "../../shared/session-store";
import { PageCard } from "../../ui/centered-page";
import { landingPath, useSignIn } from "../session";

/**
 * Where the server sends the browser after a single sign-on: the new token is in the address's fragment (never sent
 * to a server, so no log holds it). It is taken out of the address and history at once, the user read with it, and
 * the session started as after a password sign-in.
 */
export function SsoLandingPage() {
  const { t } = useTranslation("auth");
  const navigate = useNavigate();
  const signIn = useSignIn();
  // read once: the effect below empties the address, and React may run it twice
  const [fragment] = useState(() => new URLSearchParams(window.location.hash.slice(1)));

  useEffect(() => {
    window.history.replaceState(window.history.state, "", window.location.pathname);
    const token = fragment.get("token");
    if (!token) {
      navigate("/auth/login", { replace: true });
      return;
    }
    let cancelled = false;
    setToken(token);
    api
      .get<User>("/users/who-am-i")
      .then((user) => {
        if (cancelled) return;
        signIn({ token, expiresAt: fragment.get("expiresAt") ?? "", user });
        navigate(landingPath(user.id, fragment.get("returnTo")), { replace: true });
      })
      .catch(() => {
        if (!cancelled) navigate("/auth/login?sso-error=SsoFailed", { replace: true });
      });
    return () => {
      cancelled = true;
    };
  }, [fragment, navigate, signIn]);

  return (
    <PageCard title={t("sso.signingIn")}>
      <Stack align="center" gap="md">
        <Loader />
        <Text c="dimmed">{t("sso.wait")}</Text>
      </Stack>
    </PageCard>
  );
}
