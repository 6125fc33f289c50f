import { notifications } from "@mantine/notifications";
import { errorMessage, isErrorCode, type Version } from "@planum/contracts";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { currentLanguage } from "../../shared/i18n";
import { notifyError, notifySuccess } from "../../ui/notify";
import { useRealtimeEvents } from "../realtime";
import { workspaceApi } from "./workspace-api";

/** Spec §8: a calculation error shows its reason for 4 seconds. */
const CALC_ERROR_TOAST_MS = 4000;
/** The socket pushes progress; this poll only catches a finish whose event was missed (a reconnect, a busy tab). */
const POLL_MS = 2000;

export interface CalculationState {
  running: boolean;
  progress: number;
}

/**
 * The calculate button's job: starts `PATCH …/timetable/calculate`, follows `timetable_calculate` events of the open
 * version (also when another user or the server's automatic calculation started it) and reports the end once: the
 * success toast only for a calculation this button started (auto mode calculates after every edit, a toast each time
 * would be noise), a failure always. `onFinished` reloads the page's data in every case.
 */
export function useCalculation(version: Version | null, onFinished: () => void) {
  const { t } = useTranslation("workspace");
  const [state, setState] = useState<CalculationState>({ running: false, progress: 0 });
  const running = useRef(false);
  /** The running calculation was started by this tab's button. */
  const own = useRef(false);
  const finishedRef = useRef(onFinished);
  finishedRef.current = onFinished;
  const versionId = version?.id ?? null;

  const finish = useCallback(
    (outcome: "completed" | "error", reason?: string) => {
      if (!running.current) return;
      running.current = false;
      const mine = own.current;
      own.current = false;
      setState({ running: false, progress: 100 });
      if (outcome === "completed") {
        if (mine) notifySuccess(t("calc.done"));
      } else {
        const text = reason && isErrorCode(reason) ? errorMessage(currentLanguage(), reason) : (reason ?? "");
        notifications.show({
          color: "red",
          title: t("calc.failed"),
          message: text,
          autoClose: CALC_ERROR_TOAST_MS,
        });
      }
      finishedRef.current();
    },
    [t],
  );

  // A calculation already running when the page opens (someone else's) shows as running too.
  useEffect(() => {
    if (version?.calcStatus === "in_process" && !running.current) {
      running.current = true;
      setState({ running: true, progress: 0 });
    }
  }, [version?.calcStatus]);

  useEffect(() => {
    if (!state.running || !versionId) return;
    const timer = window.setInterval(async () => {
      try {
        const fresh = await workspaceApi.version(versionId);
        if (fresh.calcStatus === "calculated") finish("completed");
        else if (fresh.calcStatus === "not_calculated") finish("error", fresh.calcError ?? undefined);
      } catch {
        // the next tick or the socket event will tell
      }
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [state.running, versionId, finish]);

  useRealtimeEvents((event) => {
    if (event.type !== "timetable_calculate" || event.versionId !== versionId) return;
    if (event.status === "in_process") {
      running.current = true;
      setState({ running: true, progress: event.progress });
    } else finish(event.status, event.error);
  });

  const start = useCallback(async () => {
    if (!versionId || running.current) return;
    running.current = true;
    own.current = true;
    setState({ running: true, progress: 0 });
    try {
      await workspaceApi.calculate(versionId);
    } catch (error) {
      running.current = false;
      own.current = false;
      setState({ running: false, progress: 0 });
      notifyError(error);
    }
  }, [versionId]);

  return { ...state, start };
}
