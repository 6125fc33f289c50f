import { ActionIcon, Box, Center, Checkbox, Loader, Text, TextInput } from "@mantine/core";
import { type EpsKind, errorMessage, nameField, toLanguage } from "@planum/contracts";
import { IconBriefcase, IconBuilding, IconChevronDown, IconChevronRight, IconFolder } from "@tabler/icons-react";
import { useVirtualizer } from "@tanstack/react-virtual";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type DropPosition, type FlatRow, treeKey } from "./tree-model";

const ROW_HEIGHT = 34;
const INDENT = 18;

export const KIND_ICONS: Record<EpsKind, typeof IconFolder> = {
  node: IconFolder,
  facility: IconBuilding,
  project: IconBriefcase,
};

export interface StructureTreeProps {
  rows: FlatRow[];
  activeId: string | null;
  checked: ReadonlySet<string>;
  renamingId: string | null;
  matchIds?: ReadonlySet<string>;
  canWrite: boolean;
  onActivate: (id: string) => void;
  onToggle: (id: string, open?: boolean) => void;
  onCheck: (id: string) => void;
  onStartRename: (id: string) => void;
  onRename: (id: string, name: string | null) => void;
  onDelete: (ids: string[]) => void;
  onShift: (id: string, direction: "up" | "down") => void;
  /** Whether the dragged row may land there (the tree's rules, no loop into its own subtree). */
  canDrop: (draggedId: string, targetId: string, position: DropPosition) => boolean;
  onDrop: (draggedId: string, targetId: string, position: DropPosition) => void;
}

const domId = (id: string) => `eps-row-${id}`;

/**
 * The structure tree: only the rows on screen are in the DOM (20,000-node spaces), one focusable container with
 * aria-activedescendant, keyboard per the WAI tree pattern plus F2 (rename), Delete, Space (check), Alt+↑/↓ (move).
 */
export function StructureTree(props: StructureTreeProps) {
  const { rows, activeId, checked, renamingId, canWrite } = props;
  const { t } = useTranslation("structure");
  const scrollRef = useRef<HTMLDivElement>(null);
  const [dragged, setDragged] = useState<FlatRow | null>(null);
  const [dropTarget, setDropTarget] = useState<{ id: string; position: DropPosition } | null>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    getItemKey: (index) => rows[index].row.id,
  });
  const activeIndex = activeId ? rows.findIndex((r) => r.row.id === activeId) : -1;

  useEffect(() => {
    if (activeIndex >= 0) virtualizer.scrollToIndex(activeIndex, { align: "auto" });
  }, [activeIndex, virtualizer]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    const index = Math.max(0, activeIndex);
    const current = rows[activeIndex];
    if (event.altKey && (event.key === "ArrowUp" || event.key === "ArrowDown")) {
      if (current && canWrite) props.onShift(current.row.id, event.key === "ArrowUp" ? "up" : "down");
      event.preventDefault();
      return;
    }
    if (event.key === "F2" && current && canWrite) {
      props.onStartRename(current.row.id);
      event.preventDefault();
      return;
    }
    if (event.key === "Delete" && canWrite && (checked.size > 0 || current)) {
      props.onDelete(checked.size > 0 ? [...checked] : [current.row.id]);
      event.preventDefault();
      return;
    }
    if (event.key === " " && current && canWrite) {
      props.onCheck(current.row.id);
      event.preventDefault();
      return;
    }
    const result = treeKey(rows, activeIndex < 0 ? -1 : index, event.key);
    if (activeIndex < 0 && rows.length > 0 && event.key.startsWith("Arrow")) {
      props.onActivate(rows[0].row.id);
      event.preventDefault();
      return;
    }
    if (!result) return;
    event.preventDefault();
    if (result.kind === "focus") props.onActivate(rows[result.index].row.id);
    else props.onToggle(result.id, result.kind === "expand");
  };

  if (rows.length === 0) return null;

  return (
    <Box
      ref={scrollRef}
      role="tree"
      aria-label={t("tree.label")}
      aria-multiselectable
      tabIndex={0}
      aria-activedescendant={activeIndex >= 0 ? domId(rows[activeIndex].row.id) : undefined}
      onKeyDown={onKeyDown}
      style={{ height: "100%", overflow: "auto", outlineOffset: -2, contain: "strict" }}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: "relative" }}>
        {virtualizer.getVirtualItems().map((item) => {
          const flat = rows[item.index];
          const { row } = flat;
          const Icon = KIND_ICONS[row.kind];
          const active = row.id === activeId;
          const drop = dropTarget?.id === row.id ? dropTarget.position : null;
          return (
            <div
              key={item.key}
              id={domId(row.id)}
              role="treeitem"
              tabIndex={-1}
              aria-label={row.name}
              aria-level={flat.depth + 1}
              aria-expanded={row.hasChildren ? flat.expanded : undefined}
              aria-selected={active}
              draggable={canWrite && renamingId !== row.id}
              onDragStart={(event) => {
                event.dataTransfer.setData("text/plain", row.id);
                event.dataTransfer.effectAllowed = "move";
                setDragged(flat);
              }}
              onDragEnd={() => {
                setDragged(null);
                setDropTarget(null);
              }}
              onDragOver={(event) => {
                if (!dragged) return;
                const box = event.currentTarget.getBoundingClientRect();
                const share = (event.clientY - box.top) / box.height;
                const position: DropPosition = share < 0.25 ? "before" : share > 0.75 ? "after" : "inside";
                if (!props.canDrop(dragged.row.id, row.id, position)) {
                  setDropTarget(null);
                  return;
                }
                event.preventDefault();
                event.dataTransfer.dropEffect = "move";
                if (drop !== position) setDropTarget({ id: row.id, position });
              }}
              onDragLeave={() => setDropTarget((current) => (current?.id === row.id ? null : current))}
              onDrop={(event) => {
                event.preventDefault();
                if (dragged && drop) props.onDrop(dragged.row.id, row.id, drop);
                setDragged(null);
                setDropTarget(null);
              }}
              onClick={() => props.onActivate(row.id)}
              onDoubleClick={() => row.hasChildren && props.onToggle(row.id)}
              style={{
                position: "absolute",
                top: 0,
                left: 0,
                right: 0,
                height: ROW_HEIGHT,
                transform: `translateY(${item.start}px)`,
                display: "flex",
                alignItems: "center",
                gap: 6,
                paddingLeft: 4 + flat.depth * INDENT,
                paddingRight: 8,
                cursor: "pointer",
                background: active
                  ? "var(--mantine-primary-color-light)"
                  : checked.has(row.id)
                    ? "var(--mantine-color-default-hover)"
                    : undefined,
                boxShadow:
                  drop === "before"
                    ? "inset 0 2px 0 var(--mantine-primary-color-filled)"
                    : drop === "after"
                      ? "inset 0 -2px 0 var(--mantine-primary-color-filled)"
                      : drop === "inside"
                        ? "inset 0 0 0 2px var(--mantine-primary-color-filled)"
                        : undefined,
              }}
            >
              <ToggleButton flat={flat} onToggle={() => props.onToggle(row.id)} />
              {canWrite ? (
                <Checkbox
                  size="xs"
                  aria-label={t("tree.check", { name: row.name })}
                  checked={checked.has(row.id)}
                  onChange={() => props.onCheck(row.id)}
                  onClick={(event) => event.stopPropagation()}
                  tabIndex={-1}
                />
              ) : null}
              <Icon size={16} style={{ flex: "none", color: "var(--mantine-color-dimmed)" }} aria-hidden />
              {renamingId === row.id ? (
                <RenameInput
                  name={row.name}
                  onDone={(name) => {
                    props.onRename(row.id, name);
                    scrollRef.current?.focus();
                  }}
                />
              ) : (
                <Text
                  size="sm"
                  truncate="end"
                  fw={props.matchIds?.has(row.id) ? 700 : undefined}
                  style={{ flex: 1, minWidth: 0 }}
                >
                  {row.name}
                </Text>
              )}
              {row.key && renamingId !== row.id ? (
                <Text size="xs" c="dimmed" truncate="end" maw={120} style={{ flex: "none" }}>
                  {row.key}
                </Text>
              ) : null}
            </div>
          );
        })}
      </div>
    </Box>
  );
}

function ToggleButton({ flat, onToggle }: { flat: FlatRow; onToggle: () => void }) {
  const { t } = useTranslation("structure");
  if (!flat.row.hasChildren) return <span style={{ width: 22, flex: "none" }} />;
  if (flat.loading)
    return (
      <Center w={22} style={{ flex: "none" }}>
        <Loader size={12} />
      </Center>
    );
  const Chevron = flat.expanded ? IconChevronDown : IconChevronRight;
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size={22}
      tabIndex={-1}
      aria-label={t(flat.expanded ? "tree.collapse" : "tree.expand", { name: flat.row.name })}
      onClick={(event) => {
        event.stopPropagation();
        onToggle();
      }}
      style={{ flex: "none" }}
    >
      <Chevron size={14} />
    </ActionIcon>
  );
}

/** Inline rename (F2): Enter or leaving the field saves, Escape gives up; the name follows the contracts' rules. */
function RenameInput({ name, onDone }: { name: string; onDone: (name: string | null) => void }) {
  const { t, i18n } = useTranslation("structure");
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const finished = useRef(false);
  const submit = () => {
    if (finished.current) return;
    const parsed = nameField.safeParse(value);
    if (!parsed.success) {
      const code = parsed.error.issues[0]?.message;
      const language = toLanguage(i18n.language) ?? "ru";
      if (code === "MaxLength") setError(errorMessage(language, "MaxLength", { max: 32 }));
      else setError(errorMessage(language, code === "ProhibitedCharacters" ? "ProhibitedCharacters" : "Required"));
      return;
    }
    finished.current = true;
    onDone(parsed.data === name ? null : parsed.data);
  };
  return (
    <TextInput
      size="xs"
      autoFocus
      aria-label={t("tree.newName")}
      value={value}
      error={error}
      onChange={(event) => {
        setValue(event.currentTarget.value);
        setError(null);
      }}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => {
        event.stopPropagation();
        if (event.key === "Enter") submit();
        if (event.key === "Escape") {
          finished.current = true;
          onDone(null);
        }
      }}
      onBlur={submit}
      styles={{ error: { position: "absolute", whiteSpace: "nowrap" } }}
      style={{ flex: 1, minWidth: 0 }}
    />
  );
}
