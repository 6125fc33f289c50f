import type { RiskInputs } from "@planum/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef } from "react";
import { notifyError } from "../../../ui/notify";
import type { GanttChange, GanttData } from "../gantt";
import { riskApi, riskKeys } from "./risk-api";
import { riskEditOf } from "./risk-columns";

/**
 * The grid's edits with the three-point columns taken out: those set the work's estimate (the Risk tab and the
 * columns read the same query, so both show it at once); every other edit goes on to `onChange`.
 */
export function useRiskCellEdits(
  versionId: string | null,
  data: GanttData | null,
  inputs: RiskInputs | undefined,
  onChange: (change: GanttChange) => void,
) {
  const queryClient = useQueryClient();
  const ref = useRef({ versionId, data, inputs, onChange });
  ref.current = { versionId, data, inputs, onChange };
  return useCallback(
    (change: GanttChange) => {
      const { versionId: id, data: current, inputs: now, onChange: next } = ref.current;
      const body = id && current ? riskEditOf(change, current, now) : null;
      if (!id || !body) return next(change);
      riskApi
        .setDurations(id, body)
        .then((answer) => queryClient.setQueryData(riskKeys.inputs(id), answer), notifyError);
    },
    [queryClient],
  );
}
