import { MultiSelect } from "@mantine/core";
import type { UsageVersionChoice } from "@planum/contracts";
import { useTranslation } from "react-i18next";

export interface VersionPickerProps {
  choices: readonly UsageVersionChoice[];
  /** The versions counted; none = each schedule's actual version. */
  value: readonly string[];
  onChange: (versions: string[]) => void;
}

/**
 * Which versions the usage counts (the page's `target`), grouped by schedule. Left empty, every schedule counts its
 * actual version (the placeholder says so), as P6 counts the open projects' current schedules.
 */
export function VersionPicker({ choices, value, onChange }: VersionPickerProps) {
  const { t } = useTranslation("resources", { keyPrefix: "usage" });
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const c of choices) {
    const list = groups.get(c.scheduleName) ?? [];
    const mark = c.kind === "actual" ? ` · ${t("actualMark")}` : "";
    list.push({ value: c.id, label: `${c.label}${mark}` });
    groups.set(c.scheduleName, list);
  }
  return (
    <MultiSelect
      aria-label={t("versionPicker")}
      placeholder={value.length === 0 ? t("actualVersions") : undefined}
      data={[...groups].map(([group, items]) => ({ group, items }))}
      value={[...value]}
      onChange={onChange}
      clearable
      searchable
      maxDropdownHeight={320}
      comboboxProps={{ withinPortal: true }}
      style={{ flex: "1 1 220px", minWidth: 200, maxWidth: 420 }}
    />
  );
}
