import type {
  PrintCount,
  PrintFormatFields,
  PrintJobStarted,
  PrintPreset,
  PrintScreenInput,
  PrintSettings,
} from "@planum/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { api, apiRequest } from "../../shared/api-client";
import { useRealtimeEvents } from "../realtime";

export const printKeys = {
  presets: (spaceId: string) => ["space", spaceId, "print-presets"] as const,
  settings: (versionId: string) => ["version", versionId, "print-settings"] as const,
};

/** The space's print presets; another user's addition or removal arrives as `print_presets_updated`. */
export function usePrintPresets(spaceId: string) {
  const queryClient = useQueryClient();
  useRealtimeEvents((event) => {
    if (event.type === "print_presets_updated" && event.spaceId === spaceId)
      void queryClient.invalidateQueries({ queryKey: printKeys.presets(spaceId) });
  });
  return useQuery({
    queryKey: printKeys.presets(spaceId),
    queryFn: () => api.get<PrintPreset[]>("/versions/print-presets/get"),
  });
}

/** The caller's print settings for the version's schedule (the default format until they save some). */
export function usePrintSettings(versionId: string, enabled: boolean) {
  return useQuery({
    queryKey: printKeys.settings(versionId),
    queryFn: () => api.get<PrintSettings>(`/versions/print-settings/${versionId}`),
    enabled,
  });
}

export interface PrintSettingsInput {
  versionId: string;
  presetId: string | null;
  format: PrintFormatFields;
  pagesWide: number | null;
  repeatHeader: boolean;
}

/** What a print, a preview or a page count is made of (the dialog's current choices, saved or not). */
export interface PrintRunInput {
  format: PrintFormatFields;
  pagesWide: number | null;
  repeatHeader: boolean;
  /** What the screen shows (columns, rows, scale): the paper shows the same. */
  screen?: PrintScreenInput;
}

export const printApi = {
  count: (versionId: string, body: PrintRunInput) => api.post<PrintCount>(`/versions/${versionId}/print/count`, body),
  /** One page as a PNG, drawn by the server exactly as it prints. */
  preview: (versionId: string, body: PrintRunInput, page: number) =>
    apiRequest<Blob>(`/versions/${versionId}/preview`, {
      method: "POST",
      body: { ...body, page },
      responseType: "blob",
    }),
  /** The PDF of a small print; a big one answers the job that makes it (followed with `usePrintJob`). */
  pdf: (versionId: string, body: PrintRunInput) =>
    apiRequest<Blob | PrintJobStarted>(`/versions/${versionId}/print`, { method: "POST", body, responseType: "blob" }),
  createPreset: (name: string, format: PrintFormatFields) =>
    api.post<PrintPreset>("/versions/print-presets/create", { name, ...format }),
  deletePreset: (id: string) => api.delete<{ id: string }>(`/versions/print-presets/delete/${id}`),
  /** First save creates the settings, later ones update them (the server answers 404 to an update of none). */
  saveSettings: (body: PrintSettingsInput, existing: boolean) =>
    api.post<PrintSettings>(`/versions/print-settings/${existing ? "update" : "create"}`, body),
};

/** A preset's format without its name and dates. */
export function formatOfPreset(preset: PrintPreset): PrintFormatFields {
  return {
    paper: preset.paper,
    orientation: preset.orientation,
    widthMm: preset.widthMm,
    heightMm: preset.heightMm,
    margins: preset.margins,
    bands: preset.bands,
    textSizePt: preset.textSizePt,
  };
}
