import { Button, Center, Paper, RingProgress, Stack, Text, Title } from "@mantine/core";
import { IconPlugConnectedX } from "@tabler/icons-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { probeNow, retryNow } from "../../shared/connection";
import { currentLanguage } from "../../shared/i18n";
import { DISCONNECT_DEADLINE_KEY, DISCONNECT_RETURN_KEY, readStorage, writeStorage } from "../../shared/storage-keys";
import { Logo } from "../../ui/logo";
import { useConnectionState } from "../connection";

const COUNTDOWN_MS = 10_000;

/** The deadline survives reloads of the tab (sessionStorage); a first visit starts a new countdown. */
function readOrStartDeadline(): number {
  const stored = Number(readStorage("session", DISCONNECT_DEADLINE_KEY));
  if (Number.isFinite(stored) && stored > 0) return stored;
  const deadline = Date.now() + COUNTDOWN_MS;
  writeStorage("session", DISCONNECT_DEADLINE_KEY, String(deadline));
  return deadline;
}

/** /disconnect: the connection was lost. Russian when the interface is Russian, English otherwise (spec §2). */
export function DisconnectPage() {
  const { i18n } = useTranslation();
  const navigate = useNavigate();
  const language = currentLanguage() === "ru" ? "ru" : "en";
  const t = i18n.getFixedT(language, "errors-page");
  const [deadline] = useState(readOrStartDeadline);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, []);

  const remainingMs = Math.max(0, deadline - now);
  const seconds = Math.ceil(remainingMs / 1000);
  const ready = remainingMs === 0;

  const connection = useConnectionState();
  // the server was seen down while this page was open: once it answers again (and the countdown is over) the page
  // takes the user back by itself
  const sawOffline = useRef(false);
  if (connection === "offline") sawOffline.current = true;
  const [checking, setChecking] = useState(false);
  const [stillDown, setStillDown] = useState(false);
  useEffect(() => {
    void probeNow();
  }, []);

  const goBack = useCallback(() => {
    const back = readStorage("session", DISCONNECT_RETURN_KEY);
    writeStorage("session", DISCONNECT_DEADLINE_KEY, null);
    writeStorage("session", DISCONNECT_RETURN_KEY, null);
    navigate(back?.startsWith("/") && !back.startsWith("/disconnect") ? back : "/", { replace: true });
  }, [navigate]);

  useEffect(() => {
    if (ready && connection === "online" && sawOffline.current) goBack();
  }, [ready, connection, goBack]);

  // going back to a server that is still down would only show screens that cannot load: ask first (one probe, a few
  // seconds at most), and stay here with a word on it when there is no answer
  const reconnect = async () => {
    setChecking(true);
    const up = await retryNow().finally(() => setChecking(false));
    if (up) goBack();
    else setStillDown(true);
  };

  return (
    <Center mih="100dvh" p="md" lang={language}>
      <Paper withBorder shadow="sm" radius="md" p={{ base: "md", sm: "xl" }} w="100%" maw={440}>
        <Stack align="center" gap="md">
          <Logo />
          <IconPlugConnectedX size={40} stroke={1.5} color="var(--mantine-color-orange-6)" />
          <Title order={1} fz={24} ta="center">
            {t("disconnect.title")}
          </Title>
          <Text ta="center" c="dimmed">
            {t("disconnect.message")}
          </Text>
          <RingProgress
            size={96}
            thickness={6}
            roundCaps
            sections={[{ value: ((COUNTDOWN_MS - remainingMs) / COUNTDOWN_MS) * 100, color: ready ? "teal" : "blue" }]}
            label={
              <Text ta="center" fw={700} size="xl" data-testid="disconnect-countdown" aria-live="polite">
                {seconds}
              </Text>
            }
          />
          <Text size="sm" c="dimmed" ta="center">
            {ready ? t("disconnect.ready") : t("disconnect.wait", { seconds })}
          </Text>
          {connection === "offline" && (stillDown || ready) ? (
            <Text size="sm" ta="center" data-testid="disconnect-still-down" role="status">
              {t("disconnect.stillDown")}
            </Text>
          ) : null}
          <Button fullWidth disabled={!ready} loading={checking} onClick={() => void reconnect()}>
            {t("disconnect.reconnect")}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
