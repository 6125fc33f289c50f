import { ActionIcon, Box, Group, Menu, Paper, Tabs, Tooltip } from "@mantine/core";
import { IconCheck, IconChevronDown, IconChevronUp, IconDots } from "@tabler/icons-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { readStorage, writeStorage } from "../../shared/storage-keys";

/** Browser storage of the dock's height and collapsed flag (a preference of this browser, not of the schedule). */
const DOCK_KEY = "planum.workspace-dock";
/** Content height the dock opens with: the Gantt keeps most of a 900 px screen (more than 7 rows). */
export const DOCK_DEFAULT_HEIGHT = 180;
const DOCK_MIN_HEIGHT = 80;

export interface DockTab {
  value: string;
  label: string;
  content: ReactNode;
}

interface DockState {
  height: number;
  collapsed: boolean;
}

/** Reads the stored state, keeping the height within what the window can hold. */
export function readDockState(stored: string | null, windowHeight: number): DockState {
  const max = Math.max(DOCK_MIN_HEIGHT, Math.round(windowHeight * 0.6));
  try {
    const value = JSON.parse(stored ?? "null") as Partial<DockState> | null;
    const height =
      typeof value?.height === "number" && Number.isFinite(value.height) ? value.height : DOCK_DEFAULT_HEIGHT;
    return {
      height: Math.min(max, Math.max(DOCK_MIN_HEIGHT, Math.round(height))),
      collapsed: value?.collapsed === true,
    };
  } catch {
    return { height: Math.min(max, DOCK_DEFAULT_HEIGHT), collapsed: false };
  }
}

/**
 * The panels under the Gantt (relations, …) as tabs in one dock: its top edge drags to resize it, a button folds it
 * down to its tab row; both are remembered in this browser.
 */
export function WorkspaceDock({ tabs, aside }: { tabs: DockTab[]; aside?: ReactNode }) {
  const { t } = useTranslation("workspace");
  const [state, setState] = useState(() => readDockState(readStorage("local", DOCK_KEY), window.innerHeight));
  const [active, setActive] = useState<string | null>(tabs[0]?.value ?? null);
  const list = useRef<HTMLDivElement>(null);
  // a narrow window (600 px in Russian) cannot show every tab: the strip scrolls, and a menu lists them all
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const el = list.current;
    if (!el) return;
    const measure = () => setOverflowing(el.scrollWidth > el.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  // the chosen tab is always in sight in the strip, however it was chosen (the strip scrolls, never the page)
  useEffect(() => {
    const strip = list.current;
    const tab = active === null ? null : strip?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
    if (!strip || !tab) return;
    const box = strip.getBoundingClientRect();
    const at = tab.getBoundingClientRect();
    if (at.left < box.left || at.right > box.right) strip.scrollLeft += at.left - box.left - (box.width - at.width) / 2;
  }, [active]);
  const choose = (value: string | null) => {
    setActive(value);
    if (state.collapsed) save({ ...state, collapsed: false });
  };
  const save = (next: DockState) => {
    setState(next);
    writeStorage("local", DOCK_KEY, JSON.stringify(next));
  };

  const startResize = (e: React.PointerEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    const startY = e.clientY;
    const start = state.height;
    el.setPointerCapture(e.pointerId);
    let last = state;
    const move = (ev: PointerEvent) => {
      last = readDockState(JSON.stringify({ height: start - (ev.clientY - startY) }), window.innerHeight);
      setState(last);
    };
    const up = () => {
      el.removeEventListener("pointermove", move);
      el.removeEventListener("pointerup", up);
      save(last);
    };
    el.addEventListener("pointermove", move);
    el.addEventListener("pointerup", up);
  };

  const toggleLabel = state.collapsed ? t("dock.expand") : t("dock.collapse");
  return (
    <Paper withBorder radius="md" style={{ flex: "none", overflow: "hidden" }} data-testid="workspace-dock">
      {!state.collapsed && (
        // biome-ignore lint/a11y/useSemanticElements: a draggable splitter, not a thematic break
        <div
          role="separator"
          aria-orientation="horizontal"
          aria-label={t("dock.resize")}
          aria-valuenow={state.height}
          tabIndex={0}
          onPointerDown={startResize}
          onKeyDown={(e) => {
            const step = e.key === "ArrowUp" ? 24 : e.key === "ArrowDown" ? -24 : 0;
            if (!step) return;
            e.preventDefault();
            save(readDockState(JSON.stringify({ height: state.height + step }), window.innerHeight));
          }}
          style={{ height: 6, cursor: "row-resize", touchAction: "none" }}
        />
      )}
      <Tabs value={active} onChange={choose} keepMounted={false}>
        <Group gap={0} wrap="nowrap" pr={6}>
          <Tabs.List
            ref={list}
            style={{ flex: 1, flexWrap: "nowrap", overflowX: "auto", overflowY: "hidden", minWidth: 0 }}
          >
            {tabs.map((tab) => (
              <Tabs.Tab key={tab.value} value={tab.value} style={{ whiteSpace: "nowrap", flex: "none" }}>
                {tab.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {overflowing && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Tooltip label={t("dock.allTabs")}>
                  <ActionIcon variant="subtle" color="gray" aria-label={t("dock.allTabs")} data-testid="dock-all-tabs">
                    <IconDots size={16} />
                  </ActionIcon>
                </Tooltip>
              </Menu.Target>
              <Menu.Dropdown>
                {tabs.map((tab) => (
                  <Menu.Item
                    key={tab.value}
                    onClick={() => choose(tab.value)}
                    leftSection={tab.value === active ? <IconCheck size={14} /> : <Box w={14} />}
                  >
                    {tab.label}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          )}
          {aside}
          <Tooltip label={toggleLabel}>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={toggleLabel}
              aria-expanded={!state.collapsed}
              onClick={() => save({ ...state, collapsed: !state.collapsed })}
            >
              {state.collapsed ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
            </ActionIcon>
          </Tooltip>
        </Group>
        {!state.collapsed &&
          tabs.map((tab) => (
            <Tabs.Panel key={tab.value} value={tab.value}>
              <Box h={state.height} style={{ overflow: "auto" }}>
                {tab.content}
              </Box>
            </Tabs.Panel>
          ))}
      </Tabs>
    </Paper>
  );
}
