import type { LayoutSettings } from "@planum/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { api, apiRequest } from "../../shared/api-client";
import { notifyError } from "../../ui/notify";
import { useRealtimeEvents } from "../realtime";
import type { GanttView } from "./gantt";
import { initialLayout, type LayoutSource, layoutOfView, type SavedLayout, viewOfLayout } from "./layout-view";

/** Debounce of saving the view back to the active layout (a column drag or zoom fires many changes). */
const SAVE_MS = 700;

export const layoutKeys = {
  layouts: (scheduleId: string) => ["schedule", scheduleId, "layouts"] as const,
  templates: (scheduleId: string) => ["schedule", scheduleId, "layout-templates"] as const,
};

/**
 * The workspace's saved views. At open the `filter` parameter's layout or template is applied, else the user's active
 * layout. Applying a layout of the user's makes it the active one and every later change of the view is saved back
 * to it; a template is applied as a starting point and saved only through "save as layout".
 */
export function useLayouts(scheduleId: string, filterParam: string | null) {
  const queryClient = useQueryClient();
  const base = `/schedules/${scheduleId}`;
  const layouts = useQuery({
    queryKey: layoutKeys.layouts(scheduleId),
    queryFn: () => api.get<SavedLayout[]>(`${base}/version-layout`),
    meta: { silentError: true },
  });
  const templates = useQuery({
    queryKey: layoutKeys.templates(scheduleId),
    queryFn: () => api.get<SavedLayout[]>(`${base}/version-layout-template`),
    meta: { silentError: true },
  });
  const [source, setSource] = useState<LayoutSource | null>(null);
  const [view, setView] = useState<GanttView | undefined>(undefined);
  const [missing, setMissing] = useState(false);
  /** The view on screen as last reported by the Gantt, or as last applied from a layout (whichever came later). */
  const latestView = useRef<GanttView | undefined>(undefined);
  const show = useCallback((next: LayoutSource) => {
    const applied = viewOfLayout(next.layout.settings);
    latestView.current = applied;
    setSource(next);
    setView(applied);
  }, []);
  const ready = (layouts.isSuccess || layouts.isError) && (templates.isSuccess || templates.isError);

  useRealtimeEvents((event) => {
    if (event.type === "layouts_updated" && (event.scheduleId === null || event.scheduleId === scheduleId)) {
      void queryClient.invalidateQueries({ queryKey: layoutKeys.templates(scheduleId) });
    }
  });

  // The opening layout, once both lists are known (and again when the `filter` parameter changes).
  const opened = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (!ready || opened.current === filterParam) return;
    opened.current = filterParam;
    const found = initialLayout(filterParam, layouts.data ?? [], templates.data ?? []);
    setMissing(filterParam !== null && found === null);
    if (!found) return;
    show(found);
  }, [ready, filterParam, layouts.data, templates.data, show]);

  const reloadLayouts = useCallback(
    () => queryClient.invalidateQueries({ queryKey: layoutKeys.layouts(scheduleId) }),
    [queryClient, scheduleId],
  );

  const apply = useCallback(
    (next: LayoutSource) => {
      // the page puts the layout into the `filter` parameter; that is not a new opening
      opened.current = next.layout.id;
      show(next);
      if (next.kind === "layout" && !next.layout.active) {
        void apiRequest<SavedLayout>(`${base}/version-layout/${next.layout.id}`, {
          method: "PUT",
          body: { active: true },
        })
          .then(reloadLayouts)
          .catch(notifyError);
      }
    },
    [base, reloadLayouts, show],
  );

  // Saving back: the newest view wins; one request at a time per layout.
  const pending = useRef<{ timer?: number; view?: GanttView }>({});
  const sourceRef = useRef(source);
  sourceRef.current = source;
  const onViewChange = useCallback(
    (next: GanttView) => {
      latestView.current = next;
      const target = sourceRef.current;
      if (target?.kind !== "layout") return;
      window.clearTimeout(pending.current.timer);
      pending.current.timer = window.setTimeout(() => {
        const settings = layoutOfView(next, target.layout.settings);
        void apiRequest<SavedLayout>(`${base}/version-layout/${target.layout.id}`, {
          method: "PUT",
          body: { settings },
        })
          .then((saved) => {
            if (sourceRef.current?.layout.id === saved.id) {
              sourceRef.current = { kind: "layout", layout: saved };
              setSource(sourceRef.current);
            }
            return reloadLayouts();
          })
          .catch(notifyError);
      }, SAVE_MS);
    },
    [base, reloadLayouts],
  );
  useEffect(() => () => window.clearTimeout(pending.current.timer), []);

  /** The view on screen now (a layout applied after the last report replaces it). */
  const viewNow = () => latestView.current ?? view;

  const saveAs = async (name: string): Promise<SavedLayout> => {
    const settings: LayoutSettings = layoutOfView(
      viewNow() ?? { columns: [], filters: {}, groupBy: null, sort: null, scale: "week" },
      source?.layout.settings,
    );
    const created = await api.post<SavedLayout>(`${base}/version-layout`, { name, settings, active: true });
    opened.current = created.id;
    setSource({ kind: "layout", layout: created });
    await reloadLayouts();
    return created;
  };

  const saveAsTemplate = async (name: string): Promise<void> => {
    const settings = layoutOfView(
      viewNow() ?? { columns: [], filters: {}, groupBy: null, sort: null, scale: "week" },
      source?.layout.settings,
    );
    await api.post<SavedLayout>(`${base}/version-layout-template`, { name, settings });
    await queryClient.invalidateQueries({ queryKey: layoutKeys.templates(scheduleId) });
  };

  const remove = async (id: string): Promise<void> => {
    await api.delete<unknown>(`${base}/version-layout/${id}`);
    if (source?.layout.id === id) setSource(null);
    await reloadLayouts();
  };

  return {
    layouts: layouts.data ?? [],
    templates: templates.data ?? [],
    source,
    view,
    /** The `filter` parameter named no layout or template. */
    missing,
    apply,
    onViewChange,
    saveAs,
    saveAsTemplate,
    remove,
  };
}
