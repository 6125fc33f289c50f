import { type RefObject, useEffect, useState } from "react";
import type { GanttData } from "../schedule-gantt";

/**
 * Which rows the user selected in the Gantt. The component keeps its selection inside and has no callback for it, so
 * the page reads what the grid renders: selected rows carry aria-selected, and the first cell shows the row's code.
 * Rows scrolled out of the virtualised grid keep their last known state.
 */
export function useGanttSelection(container: RefObject<HTMLElement | null>, data: GanttData | null): number[] {
  const [ids, setIds] = useState<number[]>([]);

  useEffect(() => {
    const root = container.current;
    if (!root || !data) return;
    const byCode = new Map<string, number>();
    for (let i = data.ids.length - 1; i >= 0; i--) byCode.set(data.code[i], data.ids[i]);
    let frame = 0;
    const read = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const next: number[] = [];
        for (const row of root.querySelectorAll<HTMLElement>('[role="row"][aria-selected="true"]')) {
          const code = row.querySelector<HTMLElement>('[data-col="0"]')?.textContent ?? "";
          const id = byCode.get(code.trim());
          if (id !== undefined) next.push(id);
        }
        setIds((prev) => (prev.length === next.length && prev.every((v, k) => v === next[k]) ? prev : next));
      });
    };
    const observer = new MutationObserver((records) => {
      if (records.some((r) => r.type === "attributes")) read();
    });
    observer.observe(root, { subtree: true, attributes: true, attributeFilter: ["aria-selected"] });
    root.addEventListener("pointerup", read);
    root.addEventListener("keyup", read);
    read();
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      root.removeEventListener("pointerup", read);
      root.removeEventListener("keyup", read);
    };
  }, [container, data]);

  // rows deleted meanwhile drop out of the selection
  return data ? ids.filter((id) => data.ids.includes(id)) : [];
}
